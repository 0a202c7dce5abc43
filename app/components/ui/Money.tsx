import { Fragment, type HTMLAttributes } from "react";
import { formatYen } from "~/lib/money";

const SIZES = {
  // Scales with the window between a floor and the design size, so six digits fit a third of
  // a phone's width; past the floor it wraps.
  lg: "text-[clamp(1.125rem,5.5vw,1.5rem)] font-bold",
  md: "text-base font-semibold",
} as const;

/**
 * An amount of yen that never clips and never makes the page scroll sideways: it shrinks with
 * a narrow window (down to a floor) and then wraps between digit groups ("¥1,234,<wbr>567"),
 * never inside one. Tabular digits, so columns of amounts line up.
 */
export function Money({
  yen,
  size = "md",
  className = "",
  ...rest
}: { yen: number; size?: keyof typeof SIZES } & HTMLAttributes<HTMLSpanElement>) {
  const groups = formatYen(yen).split(",");
  return (
    <span className={`tabular-nums ${SIZES[size]} ${className}`} {...rest}>
      {groups.map((group, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              ,<wbr />
            </>
          )}
          {group}
        </Fragment>
      ))}
    </span>
  );
}
