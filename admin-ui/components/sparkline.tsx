"use client";

import { Area, AreaChart, ResponsiveContainer } from "recharts";

/** A tiny trend line beside a headline number; decorative (the number says it all). */
export function Sparkline({ values }: { values: number[] }) {
  return (
    <div className="h-10 w-24 shrink-0" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart
          data={values.map((v, i) => ({ i, v }))}
          margin={{ top: 2, right: 0, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <Area
            type="monotone"
            dataKey="v"
            stroke="var(--chart-1)"
            strokeWidth={1.5}
            fill="var(--chart-1)"
            fillOpacity={0.12}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
