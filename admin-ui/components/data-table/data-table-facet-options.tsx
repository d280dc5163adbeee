"use client";

import { CheckIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type * as React from "react";
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSeparator,
} from "@/components/ui/command";
import { cn } from "@/lib/utils";

/** One value of a faceted filter (data-table-faceted-filter.tsx). */
export interface FacetOption {
  value: string;
  /** Text, or an element that renders its text (a status name: `CHARGE_STATUS_LABELS`). */
  label: React.ReactNode;
  icon?: React.ComponentType<{ className?: string }>;
}

/** The open faceted filter's searchable list of values (data-table-faceted-filter.tsx). */
export function FacetOptions({
  title,
  options,
  chosen,
  multiple,
  onToggle,
  onClear,
}: {
  title: string;
  options: FacetOption[];
  chosen: ReadonlySet<string>;
  multiple: boolean;
  onToggle: (value: string) => void;
  onClear: () => void;
}) {
  const t = useTranslations("common");
  return (
    <Command>
      <CommandInput autoFocus placeholder={title} aria-label={t("table.filterOptions", { title })} />
      <CommandList>
        <CommandEmpty>{t("table.noMatch")}</CommandEmpty>
        <CommandGroup>
          {options.map((option) => {
            const isSelected = chosen.has(option.value);
            const Icon = option.icon;
            return (
              <CommandItem
                key={option.value}
                keywords={[option.value]}
                onSelect={() => onToggle(option.value)}
                aria-selected={isSelected}
              >
                <div
                  className={cn(
                    "flex size-4 items-center justify-center rounded-[4px] border border-input",
                    isSelected ? "border-primary bg-primary text-primary-foreground" : "[&_svg]:invisible",
                    !multiple && "rounded-full",
                  )}
                  aria-hidden
                >
                  <CheckIcon className="size-3" />
                </div>
                {Icon && <Icon className="text-muted-foreground" />}
                <span>{option.label}</span>
              </CommandItem>
            );
          })}
        </CommandGroup>
        {chosen.size > 0 && (
          <>
            <CommandSeparator />
            <CommandGroup>
              <CommandItem onSelect={onClear} className="justify-center text-center">
                <XIcon aria-hidden /> {t("actions.clearFilter")}
              </CommandItem>
            </CommandGroup>
          </>
        )}
      </CommandList>
    </Command>
  );
}
