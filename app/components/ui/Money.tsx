import type { HTMLAttributes } from "react";
import { formatYen } from "#app/lib/money";

/**
 * An amount of yen on one line, always: it never breaks between digit groups ("¥98,754," over
 * "420") and never clips or makes the page scroll sideways. The large figure (a balance card)
 * shrinks with the width of its box instead: its wrapper is a size container and the figure's
 * size follows it (cqi), between a floor and the design size, so ¥99,999,999 fits a half-width
 * card on a 320 px phone. The small figure sits in tables and lines of text, which give it
 * its room. Tabular digits, so columns of amounts line up.
 */
export function Money({
  yen,
  size = "md",
  className = "",
  ...rest
}: { yen: number; size?: "lg" | "md" } & HTMLAttributes<HTMLSpanElement>) {
  if (size === "md")
    return (
      <span
        className={`whitespace-nowrap text-base font-semibold tabular-nums ${className}`}
        {...rest}
      >
        {formatYen(yen)}
      </span>
    );
  // "¥99,999,999" is 11 characters of about 0.6 em: 13 % of the box's width per em keeps it
  // inside, up to 1.5rem (reached at a box of 185 px) and down to 0.75rem.
  return (
    <span className="block min-w-0 [container-type:inline-size]">
      <span
        className={`block whitespace-nowrap text-[length:clamp(0.75rem,13cqi,1.5rem)] font-bold tabular-nums ${className}`}
        {...rest}
      >
        {formatYen(yen)}
      </span>
    </span>
  );
}
