import { useTranslation } from "react-i18next";

const BASE = "inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold";

const ROW_TONES: Record<string, string> = {
  matched: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  credited: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  unmatched: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  duplicate: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  error: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
};

const BATCH_TONES: Record<string, string> = {
  previewed: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  committing: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  committed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
};

/** An import row's state (matched, unmatched, duplicate, error, credited) as a word. */
export function RowStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("cashback");
  return (
    <span data-status={status} className={`${BASE} ${ROW_TONES[status] ?? ROW_TONES.duplicate}`}>
      {t(`rowStatus.${status}`)}
    </span>
  );
}

/** An import batch's state (previewed, committing, committed) as a word. */
export function BatchStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("cashback");
  return (
    <span
      data-status={status}
      data-testid="batch-status"
      className={`${BASE} ${BATCH_TONES[status] ?? BATCH_TONES.previewed}`}
    >
      {t(`batchStatus.${status}`)}
    </span>
  );
}
