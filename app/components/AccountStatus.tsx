import { useTranslation } from "react-i18next";
import { AdminText } from "#app/components/AdminText";
import { stateBadge } from "#app/components/ui/Badge";

export type AccountStatus = "pending" | "approved" | "denied";

/** How a cashback account's status reads as a badge; `testId` tells the lists apart. */
export function accountStatusBadge(testId: string) {
  return stateBadge<"status", AccountStatus>("status", {
    ns: "accounts",
    labels: "status",
    tones: { pending: "warning", approved: "success", denied: "danger" },
    fallback: "warning",
    testId,
  });
}

const AccountStateBadge = accountStatusBadge("account-status");

/**
 * A cashback account's status as a badge; a denial shows its reason under it, in the language
 * `reasonLang` says it is in (a Japanese reason read in English carries a "Japanese" mark).
 */
export function AccountStatusBadge({
  status,
  reason,
  reasonLang = "ja",
}: {
  status: AccountStatus;
  reason?: string | null;
  reasonLang?: "ja" | "en" | null;
}) {
  const { t } = useTranslation("accounts");
  return (
    <div className="space-y-1">
      <AccountStateBadge status={status} />
      {status === "denied" && reason && (
        <p
          className="max-w-xs text-xs text-slate-600 dark:text-slate-300"
          data-testid="deny-reason"
        >
          {t("list.reasonLabel")} <AdminText text={reason} lang={reasonLang} />
        </p>
      )}
    </div>
  );
}
