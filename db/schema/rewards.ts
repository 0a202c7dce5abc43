/** What members earn or play for beyond cashback: marathons, gachas, campaigns, battles, affiliates. */
import type { Bool, Table } from "./table";

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
    /** English of name and description when written (decision 024); else members see the Japanese. */
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
    /** English of title, body and conditions when written (decision 024). */
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
