import { useTranslation } from "react-i18next";

export type AccountStatus = "pending" | "approved" | "denied";

const STYLES: Record<AccountStatus, string> = {
  pending: "bg-amber-50 text-amber-800 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-200",
  approved:
    "bg-emerald-50 text-emerald-800 ring-emerald-600/30 dark:bg-emerald-950 dark:text-emerald-200",
  denied: "bg-red-50 text-red-800 ring-red-600/30 dark:bg-red-950 dark:text-red-200",
};

/** A cashback account's status as a badge; a denial shows its reason under it. */
export function AccountStatusBadge({
  status,
  reason,
}: {
  status: AccountStatus;
  reason?: string | null;
}) {
  const { t } = useTranslation("accounts");
  return (
    <div className="space-y-1">
      <span
        data-testid="account-status"
        data-status={status}
        className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STYLES[status]}`}
      >
        {t(`status.${status}`)}
      </span>
      {status === "denied" && reason && (
        <p
          className="max-w-xs text-xs text-slate-600 dark:text-slate-300"
          data-testid="deny-reason"
        >
          {t("list.reason", { reason })}
        </p>
      )}
    </div>
  );
}
