"use client";

import { useQuery } from "@tanstack/react-query";
import { CheckIcon, LoaderIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSeparator,
} from "@/components/ui/command";
import { formatDocument } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { useDebounced } from "@/lib/use-debounced";
import { cn } from "@/lib/utils";
import { CompanyPickerDocument } from "./documents";

/** Accounts offered at once; typing narrows them through the API's search. */
const PICKER_SIZE = 8;

/** The open company filter's combobox (company-filter.tsx), fetched with it on the first open. */
export function CompanyFilterOptions({
  company,
  text,
  setText,
  choose,
}: {
  company: string | null;
  text: string;
  setText: (text: string) => void;
  choose: (companyId: string | null) => void;
}) {
  const t = useTranslations("charges.companyFilter");
  const errorMessage = useErrorMessage();
  const search = useDebounced(text.trim(), 250);
  const found = useQuery({
    queryKey: ["CompanyPicker", search],
    queryFn: () => execute(CompanyPickerDocument, { search: search || null, limit: PICKER_SIZE }),
    staleTime: 10_000,
  });
  const settled = search === text.trim() && !found.isFetching;
  return (
    <Command shouldFilter={false}>
      <CommandInput value={text} onValueChange={setText} placeholder={t("placeholder")} aria-label={t("label")} />
      <CommandList>
        {found.isError ? (
          <p role="alert" className="px-3 py-4 text-center text-sm text-destructive">
            {t("failed", { message: errorMessage(found.error) })}
          </p>
        ) : !settled || found.isPending ? (
          <p className="flex items-center justify-center gap-2 px-3 py-4 text-sm text-muted-foreground">
            <LoaderIcon aria-hidden className="size-4 animate-spin" /> {t("searching")}
          </p>
        ) : (
          <CommandEmpty>{t("none")}</CommandEmpty>
        )}
        {settled && found.data && found.data.companies.data.length > 0 && (
          <CommandGroup>
            {found.data.companies.data.map((option) => (
              <CommandItem key={option.id} value={option.id} onSelect={() => choose(option.id)}>
                <CheckIcon aria-hidden className={cn("size-4", option.id !== company && "invisible")} />
                <div className="flex min-w-0 flex-col">
                  <span className="truncate">{option.name}</span>
                  {option.cnpj && (
                    <span className="tabular text-xs text-muted-foreground">{formatDocument(option.cnpj)}</span>
                  )}
                </div>
              </CommandItem>
            ))}
          </CommandGroup>
        )}
        {company && (
          <>
            <CommandSeparator />
            <CommandGroup>
              <CommandItem value="__every__" onSelect={() => choose(null)} className="justify-center text-center">
                <XIcon aria-hidden /> {t("all")}
              </CommandItem>
            </CommandGroup>
          </>
        )}
      </CommandList>
    </Command>
  );
}
