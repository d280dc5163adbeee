"use client";

import { Building2Icon } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LazyPopover } from "@/components/ui/lazy-popover";
import { cn } from "@/lib/utils";

// The combobox (cmdk, the picker's query) is fetched with the popover on the first open.
const CompanyFilterOptions = dynamic(
  () => import("./company-filter-options").then((module) => module.CompanyFilterOptions),
  { ssr: false, loading: () => <div className="h-24" /> },
);

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
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const choose = (id: string | null) => {
    setOpen(false);
    setText("");
    if (id !== company) onChange(id);
  };
  return (
    <LazyPopover
      open={open}
      onOpenChange={setOpen}
      className="w-72 max-w-[calc(100vw-2rem)] p-0"
      trigger={
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
      }
    >
      <CompanyFilterOptions company={company} text={text} setText={setText} choose={choose} />
    </LazyPopover>
  );
}
