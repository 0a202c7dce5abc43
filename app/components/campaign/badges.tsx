import { useTranslation } from "react-i18next";
import { Badge, type Tone } from "~/components/ui/Badge";

const TONES = { open: "success", upcoming: "info", ended: "neutral", full: "danger" } as const;

/** A campaign's state in words: open, upcoming, ended, or full. */
export function CampaignStatusBadge({ status }: { status: keyof typeof TONES }) {
  const { t } = useTranslation("campaign");
  return (
    <Badge tone={TONES[status] as Tone} data-testid="campaign-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
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
