"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { isoDayToText, maskDayText, textToIsoDay } from "./day-text";

/**
 * A day typed as dd/mm/aaaa, whatever the browser's own language: Chromium's native date
 * input follows the browser's locale, not <html lang>, and showed mm/dd/yyyy to Portuguese
 * readers. The value in and out is the URL's ISO day (yyyy-mm-dd); a day outside min/max or
 * not a real day is marked invalid and not sent.
 */
export function DayInput({
  id,
  value,
  onChange,
  min,
  max,
  className,
}: {
  id: string;
  value: string | null;
  onChange: (iso: string | null) => void;
  min?: string | null;
  max?: string | null;
  className?: string;
}) {
  const t = useTranslations("dateRange");
  const [text, setText] = useState(isoDayToText(value));
  useEffect(() => setText(isoDayToText(value)), [value]);
  const iso = textToIsoDay(text);
  const outOfRange = iso !== null && ((min && iso < min) || (max && iso > max));
  const invalid = text.length > 0 && (iso === null || Boolean(outOfRange));
  const commit = (next: string) => {
    if (next === "") onChange(null);
    else {
      const day = textToIsoDay(next);
      if (day && !((min && day < min) || (max && day > max)) && day !== value) onChange(day);
    }
  };
  return (
    <Input
      id={id}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t("placeholder")}
      maxLength={10}
      value={text}
      aria-invalid={invalid || undefined}
      onChange={(event) => {
        const next = maskDayText(event.target.value);
        setText(next);
        if (next === "" || next.length === 10) commit(next);
      }}
      onBlur={() => commit(text)}
      className={cn("h-8 w-28 tabular", className)}
    />
  );
}
