"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { isoDayToText, maskDayText, textToIsoDay } from "./day-text";

/**
 * A day typed as dd/mm/aaaa, whatever the browser's own language: Chromium's native date
 * input follows the browser's locale, not <html lang>, and showed mm/dd/yyyy to Portuguese
 * readers. The value in and out is an ISO day (yyyy-mm-dd). A day outside min/max or not a
 * real day is marked invalid.
 *
 * Two ways to listen: `onChange` (filters) hears only real days inside min/max, or null when
 * the text is emptied, so a half-typed day leaves the list alone; `onValue` (forms) hears
 * every keystroke, the ISO day when the text is one and else the text as typed ("" when
 * empty), so the form's own rules can say what is wrong with it.
 */
export function DayInput({
  id,
  value,
  onChange,
  onValue,
  min,
  max,
  className,
  "aria-describedby": describedBy,
  "aria-invalid": markedInvalid,
}: {
  id: string;
  value: string | null;
  onChange?: (iso: string | null) => void;
  onValue?: (value: string) => void;
  min?: string | null;
  max?: string | null;
  className?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}) {
  const t = useTranslations("dateRange");
  const [text, setText] = useState(isoDayToText(value));
  // A new value from outside replaces the text, unless the text already says it (a form's
  // half-typed day comes back as itself, and must not be wiped).
  useEffect(
    () =>
      setText((current) => {
        const typed = textToIsoDay(current);
        if (typed === value || (typed === null && isoDayToText(value) === "")) return current;
        return isoDayToText(value);
      }),
    [value],
  );
  const iso = textToIsoDay(text);
  const outOfRange = iso !== null && ((min && iso < min) || (max && iso > max));
  const invalid = markedInvalid || (text.length > 0 && (iso === null || Boolean(outOfRange)));
  const commit = (next: string) => {
    if (!onChange) return;
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
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onChange={(event) => {
        const next = maskDayText(event.target.value);
        setText(next);
        onValue?.(textToIsoDay(next) ?? next);
        if (next === "" || next.length === 10) commit(next);
      }}
      onBlur={() => commit(text)}
      className={cn("h-8 w-28 tabular", className)}
    />
  );
}
