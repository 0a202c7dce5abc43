import type { TFunction } from "i18next";
import type { Party, StatementEntry } from "#domain/statement";

/** The page each kind of movement comes from, where the member sees it in full. */
export const SOURCE: Record<StatementEntry, string> = {
  cashback: "/users/cashback",
  rate_adjustment: "/users/cashback",
  affiliate_reward: "/users/affiliate",
  present: "/users/present",
  battle_prize: "/users/cashback-battle",
  marathon_reward: "/users/cb_marathon",
  prize: "/users/present",
  gacha_cost: "/users/gacha_logs",
  gacha_reward: "/users/gacha_logs",
  withdrawal_hold: "/users/withdraw",
  withdrawal_payout: "/users/withdraw",
  withdrawal_release: "/users/withdraw",
  transfer_hold: "/users/withdraw",
  transfer_sent: "/users/withdraw",
  transfer_release: "/users/withdraw",
  // A received transfer is a deposit: it is listed in the deposit history.
  transfer_received: "/users/present",
};

/** Who the money came from or went to, in the member's words ("From hanako", "From the operator"). */
export function partyText(
  t: TFunction,
  row: { party: Party | null; counterparty: string | null },
): string | null {
  if (!row.party) return null;
  // A transfer's other member may have been removed: then there is nobody to name.
  if (row.party !== "operator" && !row.counterparty) return null;
  return t(`statement:party.${row.party}`, { name: row.counterparty ?? "" });
}
