import type { StatementEntry } from "../../server/domain/statement";

/** The page each kind of movement comes from, where the member sees it in full. */
export const SOURCE: Record<StatementEntry, string> = {
  cashback: "/users/cashback",
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
