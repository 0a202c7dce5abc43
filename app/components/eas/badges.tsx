import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AdminText } from "#app/components/AdminText";
import { Badge, stateBadge } from "#app/components/ui/Badge";

/** A licence's state in words: pending, active, rejected or revoked. */
export const LicenseBadge = stateBadge<"status", string>("status", {
  ns: "ea",
  labels: "licenseStatus",
  tones: { pending: "warning", active: "success", rejected: "danger", revoked: "neutral" },
  testId: "license-status",
});

export function CategoryBadge({ category }: { category: string }) {
  const { t } = useTranslation("ea");
  return (
    <Badge tone={category === "cashback" ? "warning" : "info"}>{t(`category.${category}`)}</Badge>
  );
}

export function AccountTypeBadge({ type }: { type: string }) {
  const { t } = useTranslation("ea");
  return (
    <Badge tone={type === "ea_dedicated" ? "accent" : "muted"} data-testid="account-type">
      {t(`accountType.${type}`)}
    </Badge>
  );
}

/** A licence's state with the reason it was rejected or revoked (already worded) beneath it. */
export function LicenseStatusCell({ status, reason }: { status: string; reason: ReactNode }) {
  return (
    <span className="block space-y-1">
      <LicenseBadge status={status} />
      {reason && (
        <span
          className="block max-w-xs text-xs text-slate-600 dark:text-slate-300"
          data-testid="license-reason"
        >
          {reason}
        </span>
      )}
    </span>
  );
}

/**
 * The reason a member's licence was rejected or revoked, in the language the server chose for
 * the reader (a Japanese reason read in English carries a "Japanese" mark).
 */
export function LicenseReason({ reason, lang }: { reason: string; lang: "ja" | "en" | null }) {
  const { t } = useTranslation("ea");
  return (
    <>
      {t("reasonLabel")} <AdminText text={reason} lang={lang} />
    </>
  );
}

/** A licence key in monospace, or a dash while none is issued. */
export function LicenseKeyCell({
  licenseKey,
  className,
  testId,
}: {
  licenseKey: string | null;
  className: string;
  testId: string;
}) {
  if (!licenseKey) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return (
    <span className={`whitespace-nowrap font-mono ${className}`} data-testid={testId}>
      {licenseKey}
    </span>
  );
}
