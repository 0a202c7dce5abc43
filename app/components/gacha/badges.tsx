import { useTranslation } from "react-i18next";
import { Badge, type Tone } from "~/components/ui/Badge";

const STATUS_TONES: Record<string, Tone> = {
  open: "success",
  upcoming: "info",
  closed: "neutral",
  soldOut: "danger",
};

/** A gacha's state in words (open, upcoming, closed, or sold out for an emptied box). */
export function GachaStatusBadge({
  status,
  soldOut = false,
}: {
  status: "open" | "upcoming" | "closed";
  soldOut?: boolean;
}) {
  const { t } = useTranslation("gacha");
  const key = status === "open" && soldOut ? "soldOut" : status;
  return (
    <Badge tone={STATUS_TONES[key]!} data-testid="gacha-status" data-status={key}>
      {t(`status.${key}`)}
    </Badge>
  );
}

export function PlayedBadge() {
  const { t } = useTranslation("gacha");
  return (
    <Badge tone="accent" data-testid="gacha-played">
      {t("status.played")}
    </Badge>
  );
}

const STATE_TONES: Record<string, Tone> = {
  available: "success",
  used: "neutral",
  expired: "danger",
  not_started: "info",
  credited: "warning",
  none: "muted",
};

/** A won reward's state: an item's available / used / expired / not started, or cash / none. */
export function LogStateBadge({ state }: { state: string }) {
  const { t } = useTranslation("gacha");
  return (
    <Badge tone={STATE_TONES[state] ?? "muted"} data-testid="log-state" data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}
