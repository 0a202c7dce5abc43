import { useTranslation } from "react-i18next";
import { StateBadge } from "~/components/StateBadge";
import { Badge, type Tone } from "~/components/ui/Badge";

const LICENSE_TONES: Record<string, Tone> = {
  pending: "warning",
  active: "success",
  rejected: "danger",
  revoked: "neutral",
};

/** A licence's state in words: pending, active, rejected or revoked. */
export function LicenseBadge({ status }: { status: string }) {
  return (
    <StateBadge
      state={status}
      ns="ea"
      labels="licenseStatus"
      tones={LICENSE_TONES}
      testId="license-status"
    />
  );
}

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
