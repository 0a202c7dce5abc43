import { compactYen } from "./months";

/**
 * A bar's amount printed over it (recharts' LabelList `content`), short (¥1.2万, ¥12k) so it
 * fits a bar on a phone: the figures read without a tooltip, which a touch screen barely has.
 * `shown(index)` leaves out the bars whose month is not labelled either (every other one when
 * bars are narrow), so neighbouring values never overlap; a bar of ¥0 gets no label.
 */
export function barValue(language: string, fill: string, shown: (index: number) => boolean) {
  return function BarValue(props: {
    x?: number | string;
    y?: number | string;
    width?: number | string;
    value?: number | string;
    index?: number;
  }) {
    const amount = Number(props.value ?? 0);
    if (!amount || props.index === undefined || !shown(props.index)) return null;
    return (
      <text
        x={Number(props.x) + Number(props.width) / 2}
        y={Number(props.y) - 4}
        textAnchor="middle"
        fontSize={10}
        fill={fill}
        data-testid="bar-value"
      >
        {compactYen(amount, language)}
      </text>
    );
  };
}
