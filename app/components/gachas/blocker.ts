/** Why a member cannot draw a gacha now (an i18n key under gacha:blocked), or null. */
export function drawBlocker(g: {
  status: "open" | "upcoming" | "closed";
  soldOut: boolean;
  playsLeft: number;
  rewards: unknown[];
  totalWeight: number;
  cost: number;
  balance: number;
}): "notStarted" | "ended" | "soldOut" | "limit" | "noRewards" | "balance" | null {
  if (g.status === "upcoming") return "notStarted";
  if (g.status === "closed") return "ended";
  if (g.soldOut) return "soldOut";
  if (g.playsLeft <= 0) return "limit";
  if (g.rewards.length === 0 || g.totalWeight === 0) return "noRewards";
  if (g.cost > g.balance) return "balance";
  return null;
}
