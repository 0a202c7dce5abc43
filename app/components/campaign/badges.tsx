import { useTranslation } from "react-i18next";

const base = "inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold";

const TONES = {
  open: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  upcoming: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  ended: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  full: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
} as const;

/** A campaign's state in words: open, upcoming, ended, or full. */
export function CampaignStatusBadge({ status }: { status: keyof typeof TONES }) {
  const { t } = useTranslation("campaign");
  return (
    <span data-testid="campaign-status" data-status={status} className={`${base} ${TONES[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}

export function EnteredBadge() {
  const { t } = useTranslation("campaign");
  return (
    <span
      data-testid="campaign-entered"
      className={`${base} bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100`}
    >
      {t("status.entered")}
    </span>
  );
}
