import { useTranslation } from "react-i18next";

const base = "inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold";

const LICENSE_TONES: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  active: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  rejected: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
  revoked: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
};

/** A licence's state in words: pending, active, rejected or revoked. */
export function LicenseBadge({ status }: { status: string }) {
  const { t } = useTranslation("ea");
  return (
    <span
      data-testid="license-status"
      data-status={status}
      className={`${base} ${LICENSE_TONES[status] ?? LICENSE_TONES.revoked}`}
    >
      {t(`licenseStatus.${status}`)}
    </span>
  );
}

export function CategoryBadge({ category }: { category: string }) {
  const { t } = useTranslation("ea");
  return (
    <span
      className={`${base} ${
        category === "cashback"
          ? "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
          : "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100"
      }`}
    >
      {t(`category.${category}`)}
    </span>
  );
}

export function AccountTypeBadge({ type }: { type: string }) {
  const { t } = useTranslation("ea");
  return (
    <span
      data-testid="account-type"
      className={`${base} ${
        type === "ea_dedicated"
          ? "bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100"
          : "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100"
      }`}
    >
      {t(`accountType.${type}`)}
    </span>
  );
}
