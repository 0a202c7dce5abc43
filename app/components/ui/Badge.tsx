import type { HTMLAttributes } from "react";
import { useTranslation } from "react-i18next";

/**
 * A state as a word on a colour (the word carries the meaning; the colour only helps): the one
 * place a badge's look is defined. Domain badges (a withdrawal's status, a campaign's state)
 * choose a tone and a label, directly or through `stateBadge`.
 */
export type Tone =
  | "success"
  | "info"
  | "neutral"
  | "danger"
  | "warning"
  | "accent"
  | "muted"
  /** Stands out on a row already tinted amber (the viewer's own ranking row). */
  | "highlight"
  /** A count that asks for action (unread messages): white on red. */
  | "alert";

const TONES: Record<Tone, string> = {
  success: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  info: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  neutral: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  danger: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  accent: "bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100",
  muted: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  highlight: "bg-amber-200 text-amber-900",
  alert: "bg-red-600 font-bold tabular-nums text-white",
};

/** A badge's classes, for an element that must stay what it is (a link to the unread list). */
export function badgeClass(tone: Tone): string {
  return `whitespace-nowrap rounded-full px-2 py-0.5 text-xs ${tone === "alert" ? "" : "font-semibold"} ${TONES[tone]}`;
}

export function Badge({
  tone,
  className = "",
  ...rest
}: { tone: Tone } & HTMLAttributes<HTMLSpanElement>) {
  return <span className={`inline-flex ${badgeClass(tone)} ${className}`} {...rest} />;
}

/** The badge's one prop, also its data attribute (`data-status`, `data-state`, `data-phase`). */
type StateProp = "status" | "state" | "phase";

/**
 * How one domain's states (a licence's status, a popup's state, a battle's phase…) read as a
 * badge: the word from `ns`:`labels`.<state> carries the meaning, the tone from `tones` only
 * echoes it.
 */
export type StateBadgeSpec<S extends string> = {
  ns: string;
  labels: string;
  tones: Partial<Record<S, Tone>>;
  /** The tone of a state missing from `tones` (a state added on the server first). */
  fallback?: Tone;
  testId?: string;
};

/**
 * Builds a domain's state badge, whose one prop (`prop`: status, state or phase) is the state.
 * The state is also put on `data-<prop>` so tests and styles can read it without parsing the
 * word. The one way every state badge is made, so they read and test alike.
 */
export function stateBadge<P extends StateProp, S extends string>(
  prop: P,
  { ns, labels, tones, fallback = "neutral", testId }: StateBadgeSpec<S>,
) {
  return function DomainStateBadge(props: { [K in P]: S }) {
    const { t } = useTranslation(ns);
    const state = props[prop];
    return (
      <Badge tone={tones[state] ?? fallback} data-testid={testId} {...{ [`data-${prop}`]: state }}>
        {t(`${labels}.${state}`)}
      </Badge>
    );
  };
}
