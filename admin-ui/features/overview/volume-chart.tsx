import { useTranslations } from "next-intl";
import { MoneyBarChart } from "@/components/chart";
import { moneyToCentavos } from "@/lib/format";

export interface DailyPoint {
  date: string;
  paidAmount: string;
  withdrawalAmount: string;
}

/** Paid charges and settled withdrawals per São Paulo day, in BRL. */
export function VolumeChart({ daily, summary }: { daily: DailyPoint[]; summary: string }) {
  const t = useTranslations("overview.volume");
  // Chart heights only: exact amounts are shown as text everywhere else.
  const data = daily.map((day) => ({
    date: `${day.date}T12:00:00-03:00`,
    paid: Number(moneyToCentavos(day.paidAmount)),
    withdrawn: Number(moneyToCentavos(day.withdrawalAmount)),
  }));
  return (
    <MoneyBarChart
      data={data}
      summary={summary}
      series={[
        { key: "paid", label: t("paid"), color: "var(--chart-1)" },
        { key: "withdrawn", label: t("withdrawn"), color: "var(--chart-2)" },
      ]}
    />
  );
}
