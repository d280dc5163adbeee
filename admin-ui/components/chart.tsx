"use client";

import type * as React from "react";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from "recharts";
import { formatBRL, formatBRLCompact, formatDayMonth } from "@/lib/format";
import { cn } from "@/lib/utils";

/** One series of a money chart: values in centavos per point. */
export interface MoneySeries {
  key: string;
  label: string;
  color: string;
}

/** A fixed-height frame for a chart, with its accessible summary. */
export function ChartContainer({
  summary,
  className,
  children,
}: {
  /** What the chart shows, read by screen readers instead of the drawing. */
  summary: string;
  className?: string;
  children: React.ReactElement;
}) {
  return (
    <figure className={cn("h-64 w-full", className)}>
      <figcaption className="sr-only">{summary}</figcaption>
      <div className="size-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

function MoneyTooltip({ active, payload, label }: Partial<TooltipContentProps<number, string>>) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-xs shadow-md">
      <p className="mb-1 font-medium">{formatDayMonth(String(label))}</p>
      {payload.map((item) => (
        <p key={String(item.dataKey)} className="flex items-center gap-2">
          <span className="size-2 rounded-full" style={{ background: item.color }} />
          <span className="text-muted-foreground">{item.name}</span>
          <span className="tabular ml-auto font-medium">{formatBRL(BigInt(Math.round(Number(item.value))))}</span>
        </p>
      ))}
    </div>
  );
}

/** Money per day: `data` rows hold `date` (ISO) and one centavos number per series key. */
export function MoneyChart({
  kind = "area",
  data,
  series,
  summary,
  className,
}: {
  kind?: "area" | "bar";
  data: Array<Record<string, number | string>>;
  series: MoneySeries[];
  summary: string;
  className?: string;
}) {
  const axes = (
    <>
      <CartesianGrid vertical={false} stroke="var(--border)" />
      <XAxis
        dataKey="date"
        tickFormatter={(value: string) => formatDayMonth(value)}
        tickLine={false}
        axisLine={false}
        minTickGap={24}
        fontSize={12}
        stroke="var(--muted-foreground)"
      />
      <YAxis
        tickFormatter={(value: number) => formatBRLCompact(value)}
        tickLine={false}
        axisLine={false}
        width={72}
        fontSize={12}
        stroke="var(--muted-foreground)"
      />
      <Tooltip content={<MoneyTooltip />} cursor={{ fill: "var(--muted)", opacity: 0.5 }} />
      {series.length > 1 && <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />}
    </>
  );
  return (
    <ChartContainer summary={summary} className={className}>
      {kind === "bar" ? (
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          {axes}
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={s.color}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      ) : (
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          {axes}
          {series.map((s) => (
            <Area
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              fill={s.color}
              fillOpacity={0.12}
              strokeWidth={2}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      )}
    </ChartContainer>
  );
}
