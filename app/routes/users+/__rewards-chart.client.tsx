import { XAxis } from "recharts";
import { formatYen } from "#app/lib/money";
import { YenBars } from "#app/components/cashback/YenBars.client";
import { useChartColors } from "#app/components/cashback/chart-colors";

export interface RewardPoint {
  label: string;
  rewards: number;
  registrations: number;
}

/** "2026-11-05" → "11/5", "2026-11" → "2026/11". */
export function shortLabel(label: string): string {
  if (label.length === 7) return label.replace("-", "/");
  return `${Number(label.slice(5, 7))}/${Number(label.slice(8, 10))}`;
}

/** Up to this many bars (a year by month) each carries its amount; a month by day does not fit. */
const LABELLED_BARS = 12;

/**
 * Rewards in the period as bars (recharts needs the DOM: this module is loaded lazily in the
 * browser only, by AffiliateChart).
 */
export default function RewardsChart({ data, height }: { data: RewardPoint[]; height: number }) {
  const colors = useChartColors();
  return (
    <YenBars
      data={data}
      valueKey="rewards"
      height={height}
      axisWidth={64}
      fontSize={12}
      radius={3}
      tooltip={{
        formatter: (v) => formatYen(Number(v)),
        labelFormatter: (l) => shortLabel(String(l)),
      }}
      labelled={data.length <= LABELLED_BARS ? () => true : null}
      xAxis={
        <XAxis
          dataKey="label"
          tickFormatter={shortLabel}
          tickLine={false}
          axisLine={{ stroke: colors.grid }}
          minTickGap={12}
          tick={{ fontSize: 12, fill: colors.axis }}
        />
      }
    />
  );
}
