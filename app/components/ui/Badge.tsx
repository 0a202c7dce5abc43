import type { HTMLAttributes } from "react";

/**
 * A state as a word on a colour (the word carries the meaning; the colour only helps): the one
 * place a badge's look is defined. Domain badges (a withdrawal's status, a campaign's state)
 * choose a tone and a label.
 */
export type Tone = "success" | "info" | "neutral" | "danger" | "warning" | "accent" | "muted";

const TONES: Record<Tone, string> = {
  success: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  info: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  neutral: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  danger: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  accent: "bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100",
  muted: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
};

export function Badge({
  tone,
  className = "",
  ...rest
}: { tone: Tone } & HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]} ${className}`}
      {...rest}
    />
  );
}
