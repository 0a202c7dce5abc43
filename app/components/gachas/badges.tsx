import { useTranslation } from "react-i18next";
import { Badge, stateBadge } from "#app/components/ui/Badge";

const GachaStateBadge = stateBadge<"status", "open" | "upcoming" | "closed" | "soldOut">("status", {
  ns: "gacha",
  labels: "status",
  tones: { open: "success", upcoming: "info", closed: "neutral", soldOut: "danger" },
  testId: "gacha-status",
});

/** A gacha's state in words (open, upcoming, closed, or sold out for an emptied box). */
export function GachaStatusBadge({
  status,
  soldOut = false,
}: {
  status: "open" | "upcoming" | "closed";
  soldOut?: boolean;
}) {
  return <GachaStateBadge status={status === "open" && soldOut ? "soldOut" : status} />;
}

export function PlayedBadge() {
  const { t } = useTranslation("gacha");
  return (
    <Badge tone="accent" data-testid="gacha-played">
      {t("status.played")}
    </Badge>
  );
}

/** A won reward's state: an item's available / used / expired / not started, or cash / none. */
export const LogStateBadge = stateBadge<"state", string>("state", {
  ns: "gacha",
  labels: "states",
  tones: {
    available: "success",
    used: "neutral",
    expired: "danger",
    not_started: "info",
    credited: "warning",
    none: "muted",
  },
  fallback: "muted",
  testId: "log-state",
});
