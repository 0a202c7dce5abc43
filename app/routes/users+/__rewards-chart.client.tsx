import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { barValue } from "#app/components/cashback/bar-value";
import { useTranslation } from "react-i18next";
import { formatYen } from "#app/lib/money";
import { axisYen } from "#app/components/cashback/months";
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
  const { i18n } = useTranslation();
  const colors = useChartColors();
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} margin={{ top: 20, right: 4, bottom: 4, left: 0 }}>
        <CartesianGrid vertical={false} stroke={colors.grid} />
        <XAxis
          dataKey="label"
          tickFormatter={shortLabel}
          tickLine={false}
          axisLine={{ stroke: colors.grid }}
          minTickGap={12}
          tick={{ fontSize: 12, fill: colors.axis }}
        />
        <YAxis
          width={64}
          tickLine={false}
          axisLine={false}
          allowDecimals={false}
          // The same short format as the cashback chart (¥1.2万, ¥12k): long amounts never cut.
          tickFormatter={axisYen(Math.max(0, ...data.map((d) => d.rewards)), i18n.language)}
          tick={{ fontSize: 12, fill: colors.axis }}
        />
        <Tooltip
          cursor={{ fill: colors.cursor }}
          contentStyle={colors.tooltipStyle}
          formatter={(v) => formatYen(Number(v))}
          labelFormatter={(l) => shortLabel(String(l))}
        />
        <Bar dataKey="rewards" fill={colors.bar} radius={[3, 3, 0, 0]} isAnimationActive={false}>
          {data.length <= LABELLED_BARS && (
            <LabelList
              dataKey="rewards"
              content={barValue(i18n.language, colors.axis, () => true)}
            />
          )}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
