import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  type TooltipProps,
  YAxis,
} from "recharts";
import { barValue } from "./bar-value";
import { useChartColors } from "./chart-colors";
import { axisYen } from "./months";

/**
 * The frame of the portal's yen bar charts (recharts needs the DOM: browser only, loaded lazily
 * with the chart that uses it): a horizontal grid, the yen axis in the short format (¥1.2万,
 * ¥12k) so long amounts are never cut, the tooltip and bars in the theme's colours, and each
 * bar's amount over it where `labelled` says (no amounts at all without it). The chart gives
 * its own X axis and what its tooltip says.
 */
export function YenBars<T extends object>({
  data,
  valueKey,
  height,
  xAxis,
  axisWidth,
  fontSize,
  tooltip,
  radius,
  maxBarSize,
  labelled,
}: {
  data: T[];
  valueKey: keyof T & string;
  height: number;
  xAxis: ReactElement;
  axisWidth: number;
  fontSize: number;
  tooltip: Pick<TooltipProps<number, string>, "formatter" | "labelFormatter">;
  radius: number;
  maxBarSize?: number;
  labelled: ((index: number) => boolean) | null;
}) {
  const { i18n } = useTranslation();
  const colors = useChartColors();
  const top = Math.max(0, ...data.map((d) => Number(d[valueKey])));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} margin={{ top: 20, right: 4, bottom: 4, left: 0 }}>
        <CartesianGrid vertical={false} stroke={colors.grid} />
        {xAxis}
        <YAxis
          width={axisWidth}
          tickLine={false}
          axisLine={false}
          allowDecimals={false}
          tick={{ fill: colors.axis, fontSize }}
          tickFormatter={axisYen(top, i18n.language)}
        />
        <Tooltip
          cursor={{ fill: colors.cursor }}
          contentStyle={colors.tooltipStyle}
          formatter={tooltip.formatter}
          labelFormatter={tooltip.labelFormatter}
        />
        <Bar
          dataKey={valueKey}
          fill={colors.bar}
          radius={[radius, radius, 0, 0]}
          maxBarSize={maxBarSize}
          isAnimationActive={false}
        >
          {labelled && (
            <LabelList
              dataKey={valueKey}
              content={barValue(i18n.language, colors.axis, labelled)}
            />
          )}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
