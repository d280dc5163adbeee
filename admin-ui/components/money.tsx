import { formatBRL, moneyToCentavos } from "@/lib/format";
import { cn } from "@/lib/utils";

/** An amount as a Brazilian reads it, tabular digits, negative amounts in the danger tone. */
export function Money({
  value,
  signed = false,
  tone = false,
  className,
}: {
  value: string;
  signed?: boolean;
  /** Colour credits and debits. */
  tone?: boolean;
  className?: string;
}) {
  const centavos = moneyToCentavos(value);
  return (
    <span
      className={cn(
        "tabular whitespace-nowrap",
        tone && centavos < 0n && "text-status-danger",
        tone && centavos > 0n && "text-status-success",
        className,
      )}
    >
      {formatBRL(centavos, { signed })}
    </span>
  );
}
