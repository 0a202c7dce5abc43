import { useTranslation } from "react-i18next";
import { Badge, stateBadge } from "#app/components/ui/Badge";

/** A campaign's state in words: open, upcoming, ended, or full. */
export const CampaignStatusBadge = stateBadge<"status", "open" | "upcoming" | "ended" | "full">(
  "status",
  {
    ns: "campaign",
    labels: "status",
    tones: { open: "success", upcoming: "info", ended: "neutral", full: "danger" },
    testId: "campaign-status",
  },
);

export function EnteredBadge() {
  const { t } = useTranslation("campaign");
  return (
    <Badge tone="accent" data-testid="campaign-entered">
      {t("status.entered")}
    </Badge>
  );
}
