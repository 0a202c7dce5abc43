/**
 * The tables of money: wallets and the ledger, withdrawals and transfers, cashback imports and
 * their history, and what members earn beyond cashback (marathons, gachas, campaigns,
 * affiliates, battles, rankings).
 */
import type { RateKind, RateSource } from "./members";
import type { Bool, Table } from "./table";

export type WalletKind = "member" | "system";
export type Bucket = "available" | "held";

export type WalletsTable = Table<
  "wallets",
  {
    /** The member's user id, or "sys:house" / "sys:payouts" / "sys:fees". */
    id: string;
    kind: WalletKind;
    /** Available to withdraw or spend. */
    balance: number;
    /** Reserved by pending withdrawals and transfers. */
    held: number;
  }
>;

export type LedgerTransactionsTable = Table<"ledger_transactions">;

export type LedgerEntriesTable = Table<
  "ledger_entries",
  {
    bucket: Bucket;
    /** Signed yen: positive adds to the bucket. */
    amount: number;
  }
>;

export type WithdrawalMethod = "bank" | "bitwallet" | "usdt" | "exness" | "paypay" | "peska";
/**
 * "sent": in a Zengin transfer file the admin marked as sent to the bank (bank only).
 * "checking": a large one an admin approved, awaiting a second admin's approval;
 * the member sees it as still in review.
 */
export type WithdrawalStatus =
  "pending" | "checking" | "sent" | "completed" | "rejected" | "cancelled";

export type WithdrawalsTable = Table<
  "withdrawals",
  {
    method: WithdrawalMethod;
    status: WithdrawalStatus;
    /** JSON snapshot of where the money goes, taken at request time. */
    payout: string;
    next_business_day: Bool;
    /** English of the reason; null shows the Japanese. */
    reject_reason_en: string | null;
  }
>;

/** "checking": a large one approved once, awaiting a second admin. */
export type TransferStatus = "pending" | "checking" | "completed" | "failed";

export type TransfersTable = Table<
  "transfers",
  {
    /** The fee rate in force at request time, in basis points (1% = 100). */
    fee_rate_bp: number;
    status: TransferStatus;
    /** English of the reason; null shows the Japanese. */
    fail_reason_en: string | null;
  }
>;

/**
 * "completed": credited; "checking": over the present threshold, awaiting a second admin (no
 * money moved yet); "returned": sent back by another admin, never credited.
 */
export type PresentStatus = "completed" | "checking" | "returned";

export type PresentsTable = Table<
  "presents",
  {
    /** English of the reason; null shows the Japanese. */
    reason_en: string | null;
    status: PresentStatus;
  }
>;

/** previewing (its preview job stages rows) → previewed → committing → committed; failed: refused file. */
export type ImportBatchStatus = "previewing" | "previewed" | "committing" | "committed" | "failed";
export type ImportRowStatus = "matched" | "unmatched" | "duplicate" | "error" | "credited";

export type ImportBatchesTable = Table<
  "import_batches",
  {
    status: ImportBatchStatus;
    /** Yen per US dollar in millionths; null when the file has no USD rows. */
    usd_rate_micro: number | null;
    /** Chunks below this number are credited (advanced in each chunk's own transaction). */
    next_chunk: number;
    /** Rows whose amount differs from lots × the broker's rate beyond rounding. */
    rows_rate_mismatch: number;
    /** The stored upload a preview job reads (server/storage, reports/…); null once it has ended. */
    report_key: string | null;
    /** The import profile the report is read with, as it was at upload (JSON); null: built-in. */
    profile: string | null;
  }
>;

/** How to read one broker's own report. */
export type ImportProfilesTable = Table<
  "import_profiles",
  {
    encoding: "utf-8" | "shift_jis";
    has_header: Bool;
    /** JSON: each value's header name or "#n" position; null for an optional one not given. */
    columns: string;
    decimal_comma: Bool;
    currency: "JPY" | "USD";
  }
>;

export type ImportJobKind = "preview" | "commit" | "rerun";
export type ImportJobState = "queued" | "running" | "done" | "failed";

/** Crediting a batch, run by a worker under a lease (server/features/cashback/jobs.ts). */
export type ImportJobsTable = Table<
  "import_jobs",
  {
    kind: ImportJobKind;
    state: ImportJobState;
    /** Matched rows to credit; rows_done moves in each chunk's own transaction. */
    rows_total: number;
    /** Times a worker has taken the job (a job taken too often fails). */
    attempts: number;
    /** Why the job failed: an errors: key under import., or the error's message. */
    error: string | null;
  }
>;

export type ImportRowsTable = Table<
  "import_rows",
  {
    status: ImportRowStatus;
    /** Error key under errors:import, when status is "error". */
    error: string | null;
    /** Matched rows: the chunk that credits them; a member's rows share one chunk. */
    chunk_no: number | null;
    /** Yen the row's lots × the broker's nearest per-lot rate would pay; null if not checkable. */
    expected_yen: number | null;
    /** The source key its cashback will carry (see sourceKey); null on error rows. */
    source_key: string | null;
    /** The rate the row was priced or checked at; null when none was in force. */
    rate_type: string | null;
    rate_kind: RateKind | null;
    rate_source: RateSource | null;
    /** 1 when the amount was computed from the rate, 0 when the report gave it. */
    priced: number;
    /** The IB commission the broker reported for the row, in yen; null when not reported. */
    commission_yen: number | null;
    /** The commission as reported, in ten-thousandths of the row's currency. */
    commission_x10000: number | null;
    /** The report's symbol for the row, when its profile reads one. */
    symbol: string | null;
  }
>;

export type CashbacksTable = Table<
  "cashbacks",
  {
    /** YYYY-MM-DD, the broker's trade date. */
    trade_date: string;
    /** The rate the row was priced or checked at; null when none was in force. */
    rate_type: string | null;
    rate_kind: RateKind | null;
    rate_source: RateSource | null;
    /** 1 when the amount was computed from the rate, 0 when the report gave it. */
    priced: number;
    /** The IB commission the broker reported for the row, in yen; null when not reported. */
    commission_yen: number | null;
  }
>;

export type CashbackDailyTable = Table<"cashback_daily">;

/** Completed withdrawals per member and Tokyo month: the ranking's withdrawal genre. */
export type WithdrawalMonthlyTable = Table<"withdrawal_monthly">;

export type CashbackMonthlyTable = Table<"cashback_monthly">;

// -------------------------------------------------------------------- rewards beyond cashback

export type MarathonCourse = "general" | "axi";

/** A cashback marathon: its goals count cashback traded from starts_on to ends_on (null = open). */
export type CbMarathonsTable = Table<
  "cb_marathons",
  {
    course: MarathonCourse;
    /** English title; null shows the Japanese one. */
    title_en: string | null;
    active: Bool;
  }
>;

/** A numbered goal of a marathon; marathon_number is unique across all goals. */
export type CbMarathonGoalsTable = Table<
  "cb_marathon_goals",
  {
    /** English popup text; null shows the Japanese one. */
    modal_text_en: string | null;
  }
>;

/** The `marathons` collection: a goal a member reached, keyed `<uid>_<marathon_number>`. */
export type MarathonsTable = Table<
  "marathons",
  {
    /** 0 = not yet shown in the goal modal. */
    is_modal: Bool;
  }
>;

export type GachaMethod = "weighted" | "box";
export type GachaRewardKind = "cash" | "item" | "none";

export type GachasTable = Table<
  "gachas",
  {
    /** English of name and description when written; else members see the Japanese. */
    name_en: string | null;
    /** Storage key of the gacha's image (gachas/…), served at /media/gachas/<file>. */
    image_key: string | null;
    /** Yen paid from the wallet per draw; 0 = free. */
    cost: number;
    method: GachaMethod;
    /** Draws one member may make of this gacha, in total. */
    challenge_limit: number;
    published: Bool;
  }
>;

export type GachaRewardsTable = Table<
  "gacha_rewards",
  {
    kind: GachaRewardKind;
    /** Yen credited for a cash reward; null for items and "no prize". */
    amount: number | null;
    /** Weighted gachas: the reward's relative weight. */
    weight: number | null;
    /** Box gachas: how many are left in the box. */
    stock: number | null;
    active: Bool;
  }
>;

export type GachaPlaysTable = Table<"gacha_plays">;

export type GachaLogsTable = Table<
  "gacha_logs",
  {
    reward_kind: GachaRewardKind;
    /** The reward's English name when drawn, if it had one. */
    reward_name_en: string | null;
  }
>;

export type CampaignsTable = Table<
  "campaigns",
  {
    /** Plain text, shown as text with its line breaks. */
    body: string;
    /** English of title, body and conditions when written. */
    title_en: string | null;
    /** Storage key of the campaign's image (campaigns/…), served at /media/campaigns/<file>. */
    image_key: string | null;
    /** Entry conditions shown to members (plain text). */
    conditions: string;
    /** Entries allowed in total; null = unlimited. */
    capacity: number | null;
    active: Bool;
  }
>;

/** One member's entry in one campaign; UNIQUE(campaign_id, user_id). */
export type CampaignEntriesTable = Table<"campaign_entries">;

/** A per-member override of the default affiliate rate (basis points: 1000 = 10%). */
export type AffiliateRatesTable = Table<"affiliate_rates">;

/** One referrer's share of one credited cashback row (cashback_id unique: paid once). */
export type AffiliateRewardsTable = Table<
  "affiliate_rewards",
  {
    /** The rate in force when the cashback was credited. */
    rate_bp: number;
  }
>;

/** Per referrer per Tokyo day, kept with the events: registrations, customer cashback, rewards. */
export type AffiliateDailyTable = Table<"affiliate_daily">;

/** Per referrer, customer and month: cashback of the customer and the rewards it paid. */
export type AffiliateCustomerMonthlyTable = Table<"affiliate_customer_monthly">;

/** An admin-uploaded affiliate banner; deactivated, never deleted. */
export type AffiliateBannersTable = Table<
  "affiliate_banners",
  {
    /** Storage key under banners/, served publicly at /media/banners/<file>. */
    image_key: string;
  }
>;

export type BattleStatus = "open" | "settled";

/** A ranking battle: members ranked by cashback between two Tokyo dates (both included). */
export type RankingBattlesTable = Table<
  "ranking_battles",
  {
    status: BattleStatus;
  }
>;

/** The prize of one rank of a battle (ranks 1..n, contiguous). */
export type RankingBattlePrizesTable = Table<"ranking_battle_prizes">;

/** A settled battle's standings: one row per ranked member, UNIQUE(battle_id, user_id). */
export type RankingBattleResultsTable = Table<
  "ranking_battle_results",
  {
    /** The member's cashback in the period. */
    amount: number;
    /** Yen credited; 0 when the rank has no prize. */
    prize: number;
  }
>;

/** A ranking total per genre, period (YYYY-MM, YYYY or all) and member, kept by triggers. */
export type RankingTotalsTable = Table<
  "ranking_totals",
  {
    /** 1 = left out of the rankings (opted out, or not a member). */
    hidden: number;
  }
>;

/**
 * An adjustment batch: drawn up as a draft; "checking" once its maker applied it (nothing moved
 * yet), awaiting a different admin's approval, which applies it once; a batch sent back is a
 * draft again, with the reason kept.
 */
export type RateAdjustmentStatus = "draft" | "checking" | "applied";

export type RateAdjustmentsTable = Table<
  "rate_adjustments",
  {
    /** YYYY-MM-DD (Tokyo): credited rows traded on or after it were re-priced. */
    rates_from: string;
    status: RateAdjustmentStatus;
  }
>;

/**
 * A member's line of an adjustment batch: pending until applied; "held" when a debit exceeds
 * the member's balance and no decision is recorded; "waived" or "partial" by that decision.
 */
export type RateAdjustmentMemberStatus = "pending" | "applied" | "held" | "waived" | "partial";
/** What an admin decided for a debit the member's balance cannot cover. */
export type RateAdjustmentDecision = "waive" | "debit_available";

export type RateAdjustmentMembersTable = Table<
  "rate_adjustment_members",
  {
    status: RateAdjustmentMemberStatus;
    decision: RateAdjustmentDecision | null;
  }
>;

export type RateAdjustmentRowsTable = Table<
  "rate_adjustment_rows",
  {
    trade_date: string;
    rate_kind: RateKind;
  }
>;
