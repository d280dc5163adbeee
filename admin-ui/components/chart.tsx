import { moneyAxisTicks } from "@/lib/chart-scale";
import { formatBRL, formatBRLCompact, formatDayMonth } from "@/lib/format";
import { cn } from "@/lib/utils";

/** One series of a money chart: values in centavos per point. */
export interface MoneySeries {
  key: string;
  label: string;
  color: string;
}

/** Every `step`-th point gets a date under it: about `labels` dates whatever the number of days. */
const labelStep = (points: number, labels: number) => Math.max(1, Math.ceil(points / labels));

/**
 * Money per day as bars, drawn by the server as plain HTML and CSS: it paints with the page
 * (no chart library downloaded, no drawing after hydration) and follows the width of its box
 * without script. `data` rows hold `date` (ISO) and one centavos number per series key.
 * Screen readers get `summary` instead of the drawing; a pointer over a day shows its
 * amounts (the exact figures are text elsewhere on the page).
 */
export function MoneyBarChart({
  data,
  series,
  summary,
  className,
}: {
  data: Array<Record<string, number | string>>;
  series: MoneySeries[];
  summary: string;
  className?: string;
}) {
  const value = (row: Record<string, number | string>, key: string) => Math.max(0, Number(row[key]) || 0);
  const ticks = moneyAxisTicks(Math.max(0, ...data.flatMap((row) => series.map((s) => value(row, s.key)))));
  const top = ticks[ticks.length - 1];
  const wideStep = labelStep(data.length, 8);
  // Phones show every other one of those dates.
  const narrowStep = wideStep * 2;
  return (
    <figure className={cn("flex h-64 w-full flex-col gap-2 overflow-x-clip", className)}>
      <figcaption className="sr-only">{summary}</figcaption>
      <div className="flex min-h-0 flex-1 flex-col text-xs text-muted-foreground" aria-hidden>
        <div className="flex min-h-0 flex-1">
          <div className="relative w-22 shrink-0">
            {ticks.map((tick) => (
              <span
                key={tick}
                data-chart-tick
                className="tabular absolute right-2 translate-y-1/2 whitespace-nowrap"
                style={{ bottom: `${(tick / top) * 100}%` }}
              >
                {formatBRLCompact(tick)}
              </span>
            ))}
          </div>
          <div className="relative flex min-w-0 flex-1 items-stretch">
            {ticks.map((tick) => (
              <div
                key={tick}
                className="absolute inset-x-0 border-t border-border"
                style={{ bottom: `${(tick / top) * 100}%` }}
              />
            ))}
            {data.map((row, index) => (
              <div
                key={String(row.date)}
                className="group relative flex min-w-0 flex-1 items-end justify-center gap-px px-px hover:bg-muted/50 sm:px-1"
              >
                {series.map((s) => (
                  <div
                    key={s.key}
                    className="w-full max-w-4 rounded-t-[3px]"
                    style={{ height: `${(value(row, s.key) / top) * 100}%`, background: s.color }}
                  />
                ))}
                <div
                  className={cn(
                    "pointer-events-none absolute bottom-full z-10 mb-1 hidden w-max rounded-md border bg-popover px-3 py-2 text-popover-foreground shadow-md group-hover:block",
                    index < data.length / 2 ? "left-0" : "right-0",
                  )}
                >
                  <p className="mb-1 font-medium">{formatDayMonth(String(row.date))}</p>
                  {series.map((s) => (
                    <p key={s.key} className="flex items-center gap-2">
                      <span className="size-2 rounded-full" style={{ background: s.color }} />
                      <span className="text-muted-foreground">{s.label}</span>
                      <span className="tabular ml-auto font-medium">
                        {formatBRL(BigInt(Math.round(value(row, s.key))))}
                      </span>
                    </p>
                  ))}
                </div>
              </div>
            ))}
          </div>
        </div>
        <div className="flex pl-22">
          {data.map((row, index) => (
            <span
              key={String(row.date)}
              className={cn(
                // w-0: a date is wider than its day at phone width, and its width must not
                // count towards the chart's smallest width (it would widen a grid cell).
                "tabular flex w-0 min-w-0 flex-1 justify-center overflow-visible pt-1.5 whitespace-nowrap",
                index % wideStep !== 0 && "invisible",
                index % wideStep === 0 && index % narrowStep !== 0 && "invisible sm:visible",
              )}
            >
              {formatDayMonth(String(row.date))}
            </span>
          ))}
        </div>
      </div>
      {series.length > 1 && (
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs" aria-hidden>
          {series.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span className="size-2 rounded-full" style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
