import { useTranslations } from "next-intl";
import { Money } from "@/components/money";

/** A recurrence's amount: its fixed amount, or "variable". */
export function RecurrenceAmount({ amount, className }: { amount: string | null; className?: string }) {
  const t = useTranslations("recurrences");
  return amount === null ? (
    <span className={className}>{t("variable")}</span>
  ) : (
    <Money value={amount} className={className} />
  );
}
