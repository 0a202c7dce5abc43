import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { XAxis } from "recharts";
import { useChartColors } from "./chart-colors";
import { formatYen } from "#app/lib/money";
import { type MonthAmount, monthLabel, monthShort, tickPlan, yearTick } from "./months";
import { YenBars } from "./YenBars.client";

/** Below this many pixels per bar, every other month is labelled (a phone with 12 months). */
const MIN_LABEL_PX = 40;
const Y_AXIS_PX = 56;

/**
 * The bar chart of cashback by month (recharts, which needs the DOM: this module is for the
 * browser only and is loaded lazily by MonthlyCashback once the page has hydrated). Bars are
 * labelled with the short month, the year under the first label and where the year changes,
 * and with their amount on top; on a narrow screen every other month is labelled so the labels
 * never overlap (the table beside the chart has every figure).
 */
export default function MonthlyChart({
  data,
  height = 260,
}: {
  data: MonthAmount[];
  height?: number;
}) {
  const { t } = useTranslation("cashback");
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const perBar = (width - Y_AXIS_PX) / Math.max(1, data.length);
  const plan = tickPlan(
    data.map((d) => d.month),
    width > 0 && perBar < MIN_LABEL_PX ? 2 : 1,
  );
  const { axis, grid } = useChartColors();
  return (
    <div ref={box} style={{ width: "100%", height }}>
      <YenBars
        data={data}
        valueKey="amount"
        height={height}
        axisWidth={Y_AXIS_PX}
        fontSize={11}
        radius={4}
        maxBarSize={40}
        tooltip={{
          formatter: (value) => [formatYen(Number(value)), t("monthly.amount")],
          labelFormatter: (label) => monthLabel(t, String(label)),
        }}
        labelled={(i) => plan.labelled[i] ?? false}
        xAxis={
          <XAxis
            dataKey="month"
            interval={0}
            tickLine={false}
            axisLine={{ stroke: grid }}
            height={40}
            tick={({ x, y, payload, index }: TickProps) => {
              if (!plan.labelled[index]) return <g />;
              const month = String(payload.value);
              return (
                <g transform={`translate(${x},${y})`}>
                  <text textAnchor="middle" fill={axis} fontSize={11} dy={12}>
                    {monthShort(t, month)}
                  </text>
                  {plan.year[index] && (
                    <text textAnchor="middle" fill={axis} fontSize={10} dy={26}>
                      {yearTick(t, month)}
                    </text>
                  )}
                </g>
              );
            }}
          />
        }
      />
    </div>
  );
}

interface TickProps {
  x: number;
  y: number;
  index: number;
  payload: { value: string | number };
}
