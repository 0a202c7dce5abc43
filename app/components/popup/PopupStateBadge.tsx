import { useTranslation } from "react-i18next";

export type PopupState = "showing" | "scheduled" | "ended" | "inactive";

const TONES: Record<PopupState, string> = {
  showing: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  scheduled: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  ended: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  inactive: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
};

/** A popup's state in words (the word carries the meaning, not the colour). */
export function PopupStateBadge({ state }: { state: PopupState }) {
  const { t } = useTranslation("popup");
  return (
    <span
      data-testid="popup-state"
      data-state={state}
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[state]}`}
    >
      {t(`admin.states.${state}`)}
    </span>
  );
}
