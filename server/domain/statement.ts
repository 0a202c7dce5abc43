import type { MovementKind } from "../ledger";

/**
 * What the member's statement (/users/statement) calls each ledger movement, and the groups its
 * kind filter offers (pure: the page imports the group list to build its select).
 */

/** The statement's kind filter, in the order the select lists them. */
export const STATEMENT_GROUPS = [
  "cashback",
  "affiliate",
  "rewards",
  "gacha",
  "withdrawals",
  "transfers",
] as const;
export type StatementGroup = (typeof STATEMENT_GROUPS)[number];

/** The ledger kinds behind each group; every kind belongs to exactly one group. */
export const STATEMENT_GROUP_KINDS: Record<StatementGroup, readonly MovementKind[]> = {
  // An adjustment batch corrects credited cashback (a rate dated in the past): same group.
  cashback: ["cashback", "rate_adjustment"],
  affiliate: ["affiliate_reward"],
  rewards: ["present", "prize"],
  gacha: ["gacha_cost", "gacha_reward"],
  withdrawals: ["withdrawal_hold", "withdrawal_payout", "withdrawal_release"],
  transfers: ["transfer_hold", "transfer_settle", "transfer_release"],
};

/**
 * The label of one statement row. A kind alone does not always say it: a prize is a battle
 * prize or a marathon reward (by what it refers to), and a settled transfer is sent or
 * received (by which side of it this member is on).
 */
export type StatementEntry =
  | Exclude<MovementKind, "prize" | "transfer_settle">
  | "battle_prize"
  | "marathon_reward"
  | "prize"
  | "transfer_sent"
  | "transfer_received";

export function statementEntry(
  kind: MovementKind,
  refType: string,
  availableDelta: number,
): StatementEntry {
  if (kind === "prize") {
    if (refType === "ranking_battle") return "battle_prize";
    if (refType === "marathon_goal") return "marathon_reward";
    return "prize";
  }
  if (kind === "transfer_settle") return availableDelta > 0 ? "transfer_received" : "transfer_sent";
  return kind;
}

/**
 * How a row names the other side of the money: a received transfer comes from its sender; a
 * transfer this member sent, and the refund of one that was denied, go to (were meant for) its
 * recipient; a present or prize comes from the operator. Null: nobody to name.
 */
export type Party = "from" | "to" | "refundTo" | "operator";

export function partyOf(entry: StatementEntry): Party | null {
  switch (entry) {
    case "transfer_received":
      return "from";
    case "transfer_hold":
    case "transfer_sent":
      return "to";
    case "transfer_release":
      return "refundTo";
    case "present":
    case "prize":
    case "battle_prize":
    case "marathon_reward":
      return "operator";
    default:
      return null;
  }
}
