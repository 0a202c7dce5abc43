import type { HTMLAttributes } from "react";

/**
 * The surface pages group their content on: a white (dark: slate) panel with a hairline border
 * and a soft shadow. `card` is for elements that must stay what they are (a table's scroller,
 * a form, a list item): `${card} p-4`. Padding and layout are the page's; the look is here.
 */
export const card =
  "rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900";

type CardProps = HTMLAttributes<HTMLElement> & { as?: "section" | "div" | "article" };

/** A card as a section (or div, article) with the usual padding. */
export function Card({ as: Tag = "section", className = "", ...rest }: CardProps) {
  return <Tag className={`${card} p-4 sm:p-6 ${className}`} {...rest} />;
}
