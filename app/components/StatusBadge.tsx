import { useTranslation } from "react-i18next";

const TONES: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  completed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  rejected: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
  cancelled: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
};

/** A request's state as a word and a colour (the word carries the meaning, not the colour). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("wallet");
  return (
    <span
      data-status={status}
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[status] ?? TONES.cancelled}`}
    >
      {t(`status.${status}`)}
    </span>
  );
}
