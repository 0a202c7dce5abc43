import { useTranslation } from "react-i18next";
import { StateBadge } from "~/components/StateBadge";
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
  const key = status === "open" && soldOut ? "soldOut" : status;
  return (
    <StateBadge state={key} ns="gacha" labels="status" tones={STATUS_TONES} testId="gacha-status" />
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
  return (
    <StateBadge
      state={state}
      ns="gacha"
      labels="states"
      tones={STATE_TONES}
      fallback="muted"
      attr="state"
      testId="log-state"
    />
  );
}
