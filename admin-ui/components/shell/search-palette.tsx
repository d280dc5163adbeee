"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeftRightIcon, Building2Icon, LoaderIcon, ReceiptIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ChargeStatusBadge, WithdrawalStatusBadge } from "@/components/status-badge";
import {
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from "@/components/ui/command";
import { GlobalSearchDocument } from "@/features/search/documents";
import { SEARCH_LINKS } from "@/features/search/links";
import { chargeReference, formatBRL, formatDocument } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useDebounced } from "@/lib/use-debounced";
import type { NavKey, NavSection } from "./nav";

/**
 * The search dialog the ⌘K trigger opens: jumps between pages and, for audiences with detail
 * pages, finds a charge by id, chg_ id, txid or e2e id, a withdrawal by id, WDR_ reference or
 * e2e id, a company by id, name or CNPJ (the API's `search`) and opens it; Enter opens the
 * first hit.
 */
export function SearchPalette({
  open,
  onOpenChange,
  nav,
  navKey,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  nav: NavSection[];
  navKey?: NavKey;
}) {
  const [text, setText] = useState("");
  const router = useRouter();
  const t = useTranslations("shell");
  const links = navKey ? SEARCH_LINKS[navKey] : undefined;
  const query = useDebounced(text.trim(), 250);
  const search = useQuery({
    queryKey: ["GlobalSearch", query],
    queryFn: () => execute(GlobalSearchDocument, { query }),
    enabled: open && Boolean(links) && query.length >= 2,
    staleTime: 10_000,
  });
  const go = (href: string) => {
    onOpenChange(false);
    setText("");
    router.push(href);
  };
  const found = query === text.trim() ? search.data?.search : undefined;
  const searching = Boolean(links) && text.trim().length >= 2 && (query !== text.trim() || search.isFetching);
  // Hits come from the server already matched: their keywords hold the text, so cmdk keeps them.
  const keywords = [text];
  // With hits, pages step aside: Enter opens the first hit, not a page whose name looks alike.
  const hits = Boolean(links && found && found.charges.length + found.withdrawals.length + found.companies.length > 0);
  return (
    <CommandDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setText("");
      }}
      title={t("search.title")}
      description={t(`search.${links?.findsKey ?? "jumpToPage"}`)}
    >
      <CommandInput
        placeholder={t(`search.${links?.placeholderKey ?? "pagePlaceholder"}`)}
        aria-label={t("search.label")}
        value={text}
        onValueChange={setText}
      />
      <CommandList>
        <CommandEmpty>{searching ? t("search.searching") : t("search.nothingFound")}</CommandEmpty>
        {searching && !found && (
          <div className="flex items-center gap-2 px-4 py-2 text-xs text-muted-foreground" role="status">
            <LoaderIcon className="size-3.5 animate-spin" aria-hidden /> {t("search.searching")}
          </div>
        )}
        {links && found && found.charges.length > 0 && (
          <CommandGroup heading={t("search.charges")}>
            {found.charges.map((charge) => (
              <CommandItem
                key={charge.id}
                value={`charge ${charge.id}`}
                keywords={keywords}
                onSelect={() => go(links.charge(charge.id))}
              >
                <ReceiptIcon className="text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1 truncate">
                  <span className="font-mono text-xs">{chargeReference(charge.id)}</span> · {formatBRL(charge.amount)}
                  {charge.description ? ` · ${charge.description}` : ""}
                </span>
                <ChargeStatusBadge status={charge.status} />
              </CommandItem>
            ))}
          </CommandGroup>
        )}
        {links && found && found.withdrawals.length > 0 && (
          <CommandGroup heading={t("search.withdrawals")}>
            {found.withdrawals.map((withdrawal) => (
              <CommandItem
                key={withdrawal.id}
                value={`withdrawal ${withdrawal.id}`}
                keywords={keywords}
                onSelect={() => go(links.withdrawal(withdrawal.id))}
              >
                <ArrowLeftRightIcon className="text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1 truncate">
                  <span className="font-mono text-xs">{withdrawal.withdrawalReference}</span> ·{" "}
                  {formatBRL(withdrawal.amount)}
                </span>
                <WithdrawalStatusBadge
                  status={withdrawal.status}
                  rejected={withdrawal.rejected}
                  scheduledFor={withdrawal.scheduledFor}
                  cancellable={withdrawal.cancellable}
                />
              </CommandItem>
            ))}
          </CommandGroup>
        )}
        {links && found && found.companies.length > 0 && (
          <CommandGroup heading={t("search.companies")}>
            {found.companies.map((company) => {
              const href = links.company(company.id);
              if (!href) return null;
              return (
                <CommandItem
                  key={company.id}
                  value={`company ${company.id}`}
                  keywords={keywords}
                  onSelect={() => go(href)}
                >
                  <Building2Icon className="text-muted-foreground" aria-hidden />
                  <span className="min-w-0 flex-1 truncate">{company.name}</span>
                  {company.cnpj && (
                    <span className="tabular text-xs text-muted-foreground">{formatDocument(company.cnpj)}</span>
                  )}
                </CommandItem>
              );
            })}
          </CommandGroup>
        )}
        {!hits &&
          nav.map((section, index) => (
            <CommandGroup key={section.labelKey ?? index} heading={t(`nav.${section.labelKey ?? "pages"}`)}>
              {section.items.map((item) => {
                const Icon = item.icon;
                return (
                  <CommandItem key={item.href} value={t(`nav.${item.labelKey}`)} onSelect={() => go(item.href)}>
                    <Icon className="text-muted-foreground" aria-hidden />
                    {t(`nav.${item.labelKey}`)}
                  </CommandItem>
                );
              })}
            </CommandGroup>
          ))}
      </CommandList>
    </CommandDialog>
  );
}
