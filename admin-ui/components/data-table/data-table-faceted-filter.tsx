"use client";

import { CheckIcon, PlusCircleIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { Badge } from "@/components/ui/badge";
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
import { Separator } from "@/components/ui/separator";
import { cn } from "@/lib/utils";

export interface FacetOption {
  value: string;
  /** Text, or an element that renders its text (a status name: `CHARGE_STATUS_LABELS`). */
  label: React.ReactNode;
  icon?: React.ComponentType<{ className?: string }>;
}

/**
 * A filter over one field's values (tablecn style): a button showing what is chosen and a
 * searchable list. `multiple` lets several values be chosen; lists whose API filters on one
 * value use it single.
 */
export function DataTableFacetedFilter({
  title,
  options,
  selected,
  onChange,
  multiple = false,
}: {
  title: string;
  options: FacetOption[];
  selected: string[];
  onChange: (values: string[]) => void;
  multiple?: boolean;
}) {
  const t = useTranslations("common");
  const chosen = new Set(selected);
  const toggle = (value: string) => {
    if (!multiple) return onChange(chosen.has(value) ? [] : [value]);
    const next = new Set(chosen);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    onChange([...next]);
  };
  const summary = options.filter((option) => chosen.has(option.value));
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" className="border-dashed">
          <PlusCircleIcon aria-hidden />
          {title}
          {summary.length > 0 && (
            <>
              <Separator orientation="vertical" className="mx-0.5 h-4" />
              {summary.length > 2 ? (
                <Badge variant="secondary" className="rounded-sm px-1 font-normal">
                  {t("table.filtersChosen", { count: summary.length })}
                </Badge>
              ) : (
                summary.map((option) => (
                  <Badge key={option.value} variant="secondary" className="rounded-sm px-1 font-normal">
                    {option.label}
                  </Badge>
                ))
              )}
            </>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-56 p-0" align="start">
        <Command>
          <CommandInput placeholder={title} aria-label={t("table.filterOptions", { title })} />
          <CommandList>
            <CommandEmpty>{t("table.noMatch")}</CommandEmpty>
            <CommandGroup>
              {options.map((option) => {
                const isSelected = chosen.has(option.value);
                const Icon = option.icon;
                return (
                  <CommandItem key={option.value} onSelect={() => toggle(option.value)} aria-selected={isSelected}>
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
                  <CommandItem onSelect={() => onChange([])} className="justify-center text-center">
                    <XIcon aria-hidden /> {t("actions.clearFilter")}
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
