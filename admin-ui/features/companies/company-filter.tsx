"use client";

import { useQuery } from "@tanstack/react-query";
import { Building2Icon, CheckIcon, LoaderIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSeparator,
} from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { formatDocument } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { useDebounced } from "@/lib/use-debounced";
import { cn } from "@/lib/utils";
import { CompanyPickerDocument } from "./documents";

/** Accounts offered at once; typing narrows them through the API's search. */
const PICKER_SIZE = 8;

/**
 * One account for a list (the URL's `company`): a combobox fed by the companies query's
 * `search` (the start of the name, the CNPJ with any punctuation, or the id). The button
 * shows the chosen account's name; "every account" clears it.
 */
export function CompanyFilter({
  company,
  companyName,
  onChange,
}: {
  company: string | null;
  /** The chosen account's name (the id when unknown). */
  companyName: string | null;
  onChange: (companyId: string | null) => void;
}) {
  const t = useTranslations("charges.companyFilter");
  const errorMessage = useErrorMessage();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const search = useDebounced(text.trim(), 250);
  const found = useQuery({
    queryKey: ["CompanyPicker", search],
    queryFn: () => execute(CompanyPickerDocument, { search: search || null, limit: PICKER_SIZE }),
    enabled: open,
    staleTime: 10_000,
  });
  const settled = search === text.trim() && !found.isFetching;
  const choose = (id: string | null) => {
    setOpen(false);
    setText("");
    if (id !== company) onChange(id);
  };
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant={company ? "secondary" : "outline"}
          size="sm"
          className={cn("max-w-full", !company && "border-dashed")}
        >
          <Building2Icon aria-hidden />
          {company ? (
            <>
              <span className="sr-only">{t("title")}: </span>
              <span className="truncate">{companyName ?? company}</span>
            </>
          ) : (
            t("title")
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-72 max-w-[calc(100vw-2rem)] p-0" align="start">
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
      </PopoverContent>
    </Popover>
  );
}
