import { useTranslation } from "react-i18next";
import { StateBadge } from "~/components/StateBadge";
import { Badge, type Tone } from "~/components/ui/Badge";

const TONES: Record<"open" | "upcoming" | "ended" | "full", Tone> = {
  open: "success",
  upcoming: "info",
  ended: "neutral",
  full: "danger",
};

/** A campaign's state in words: open, upcoming, ended, or full. */
export function CampaignStatusBadge({ status }: { status: keyof typeof TONES }) {
  return (
    <StateBadge
      state={status}
      ns="campaign"
      labels="status"
      tones={TONES}
      testId="campaign-status"
    />
  );
}

export function EnteredBadge() {
  const { t } = useTranslation("campaign");
  return (
    <Badge tone="accent" data-testid="campaign-entered">
      {t("status.entered")}
    </Badge>
  );
}
