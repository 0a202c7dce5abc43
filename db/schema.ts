import type { ColumnType, Generated, Insertable, InsertType, Selectable, SelectType } from "kysely";
import type { DB } from "./schema.generated";

/**
 * Table types. Which tables and columns exist, their SQL types, which take NULL and which have a
 * default come from db/schema.generated.ts, generated from the migrated database by
 * `npm run db:types` (decision 056); this file adds what the code knows beyond SQL. Conventions,
 * the same on both engines:
 * - ids are strings from `newId()` (time-ordered, not guessable), never auto-increment;
 * - timestamps are UTC strings "YYYY-MM-DD HH:MM:SS.mmm" (see db/time.ts);
 * - booleans are 0/1 integers;
 * - money is an integer number of yen.
 */

export type Timestamp = string;
export type Bool = 0 | 1;

/** Columns that record when a row came to be: written by the insert, never updated. */
type WrittenOnce = "created_at" | "received_at";

/**
 * What `Table` accepts for the column C: its values or a subset of them (a union of states,
 * 0 | 1), with `| null` exactly when the column takes NULL. Anything else is a compile error at
 * the column, so this file cannot drift from the database.
 */
type Entry<C, V> =
  null extends SelectType<C>
    ? null extends V
      ? SelectType<C>
      : "the column takes NULL: add | null"
    : SelectType<C>;

type Entries<G, N> = { [K in keyof N]: K extends keyof G ? Entry<G[K], N[K]> : "no such column" };

/** What the generated insert type allows besides values: NULL, and omission when defaulted. */
type Absent<T> = Extract<T, null | undefined>;

/**
 * One column in its plainest form, as the code reads it: the values V, or a ColumnType only
 * where inserting or updating differs from reading (a NOT NULL column with a default may be
 * left out of an insert; a WrittenOnce column is never updated).
 */
type Column<C, V, K> = K extends WrittenOnce
  ? ColumnType<V, NonNullable<V> | Absent<InsertType<C>>, never>
  : undefined extends InsertType<C>
    ? null extends V
      ? V
      : ColumnType<V, V | undefined, V>
    : V;

/**
 * The table T of the generated types, with the columns of N narrowed (or only documented) by
 * their select type and the others as generated.
 */
export type Table<T extends keyof DB, N extends Entries<DB[T], N> = object> = {
  [K in keyof DB[T]]: Column<DB[T][K], K extends keyof N ? N[K] : SelectType<DB[T][K]>, K>;
};

export type Permission = "admin" | "member";
export type Language = "ja" | "en";
/** The chain USDT payouts go out on (the admin's setting). */
export type UsdtNetwork = "TRC20" | "ERC20";

export type UsersTable = Table<
  "users",
  {
    permission: Permission;
    language: Language;
    /** Storage key of the profile image (served only through an authorised route). */
    profile_image: string | null;
    /** 1 = left out of the public rankings (nickname only ever shows there). Default 0. */
    ranking_opt_out: Bool;
  }
>;

export type BankAccountType = "savings" | "current";

/** Where a member's withdrawals are paid; one row per member, every field optional. */
export type PaymentDetailsTable = Table<
  "payment_details",
  {
    account_type: BankAccountType | null;
    /** The network usdt_address was checked for; differing from the setting marks it old. */
    usdt_network: UsdtNetwork | null;
  }
>;

/** How a broker identifies a trading account. */
export type AccountKind = "mt_number" | "customer_id" | "uid";
/** The characters of a customer id / UID: digits, letters and digits, or those and "-". */
export type IdCharset = "digits" | "alnum" | "alnum_dash";

export type BrokersTable = Table<
  "brokers",
  {
    account_kind: AccountKind;
    /** The broker's own id pattern; null for mt_number brokers (5 or 6 alphanumerics). */
    id_charset: IdCharset | null;
    /** Public art: a path under public/ or a /media/brokers/… URL of an uploaded image. */
    logo_path: string | null;
    /** Accounts at this broker earn rebates automatically and need no application (Errante). */
    auto_rebate: Bool;
    active: Bool;
    /** What a member must know to earn the rates: Japanese, and English when written. */
    conditions: string | null;
    /** When cashback is credited (decision 019); null while not announced. */
    credit_cycle: CreditCycle | null;
    /** monthly: day of the month 1–28; weekly: ISO weekday 1 (Monday) – 5 (Friday). */
    credit_day: number | null;
  }
>;

export type CreditCycle = "monthly" | "weekly";
export type RateKind = "jpy_per_lot" | "usd_per_lot" | "spread_percent";
/** Where a row's rate came from: the account's own type, or the broker's default type. */
export type RateSource = "account_type" | "default_type";

/** A broker's cashback rate for one of its account types. */
export type BrokerRatesTable = Table<
  "broker_rates",
  {
    kind: RateKind;
    /** The rate in hundredths: ¥1,000/lot = 100000, $7.50/lot = 750, 30 % = 3000. */
    value_x100: number;
    /** The Tokyo day this row's rate card version takes effect (decision 045). */
    effective_from: string;
  }
>;

/** A version of a broker's rate card: its rates (broker_rates) apply from its Tokyo day on. */
export type BrokerRateVersionsTable = Table<
  "broker_rate_versions",
  {
    /** The admin who scheduled it; null for rates saved before versions existed. */
    created_by: string | null;
  }
>;

export type BrokerAccountStatus = "pending" | "approved" | "denied";

export type BrokerAccountsTable = Table<
  "broker_accounts",
  {
    /**
     * account_number while pending or approved, null once denied. UNIQUE (broker_id,
     * live_number) is the database's own refusal of a second registration of a live account.
     */
    live_number: string | null;
    /** One of the broker's rate types (broker_rates.account_type); null when not given. */
    account_type: string | null;
    status: BrokerAccountStatus;
    /** English of the reason; null shows the Japanese (decision 048). */
    deny_reason_en: string | null;
  }
>;

export type SessionsTable = Table<
  "sessions",
  {
    /** sha256 of the cookie token: a leaked table does not give working cookies. */
    id: string;
  }
>;

export type TokenPurpose =
  "verify_email" | "reset_password" | "change_email" | "recover_email" | "mfa_login";

export type AuthTokensTable = Table<
  "auth_tokens",
  {
    purpose: TokenPurpose;
  }
>;

export type RecoveryCodesTable = Table<"recovery_codes">;

/** A WebAuthn credential (passkey) of a user. */
export type PasskeysTable = Table<
  "passkeys",
  {
    /** base64url credential id, unique over all users. */
    credential_id: string;
    /** base64url COSE public key. */
    public_key: string;
    /** Comma-separated AuthenticatorTransport values, or null when the browser gave none. */
    transports: string | null;
  }
>;

/** `reauth`: a signed-in person's step-up with a passkey (varchar column: no migration). */
export type PasskeyChallengePurpose = "register" | "login" | "second_factor" | "reauth";

/** A single-use WebAuthn challenge; id is the sha256 of the challenge. */
export type PasskeyChallengesTable = Table<
  "passkey_challenges",
  {
    purpose: PasskeyChallengePurpose;
    /** Who it was issued to; null for a passwordless sign-in (nobody known yet). */
    user_id: string | null;
  }
>;

/** rate-limiter-flexible's store (server/auth/rate-limit.ts): it alone writes these rows. */
export type AttemptLimitsTable = Table<
  "attempt_limits",
  {
    /** Epoch milliseconds at which the window ends. */
    expire: number | null;
  }
>;

export type SettingsTable = Table<
  "settings",
  {
    /** JSON text; each setting's shape is validated by its owner when read. */
    value: string;
  }
>;

export type AuditLogTable = Table<
  "audit_log",
  {
    /** JSON text: what changed (before/after), never a secret. */
    data: string | null;
  }
>;

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
/** "sent": in a Zengin transfer file the admin marked as sent to the bank (bank only). */
export type WithdrawalStatus = "pending" | "sent" | "completed" | "rejected" | "cancelled";

export type WithdrawalsTable = Table<
  "withdrawals",
  {
    method: WithdrawalMethod;
    status: WithdrawalStatus;
    /** JSON snapshot of where the money goes, taken at request time. */
    payout: string;
    next_business_day: Bool;
    /** English of the reason; null shows the Japanese (decision 048). */
    reject_reason_en: string | null;
  }
>;

export type TransferStatus = "pending" | "completed" | "failed";

export type TransfersTable = Table<
  "transfers",
  {
    /** The fee rate in force at request time, in basis points (1% = 100). */
    fee_rate_bp: number;
    status: TransferStatus;
    /** English of the reason; null shows the Japanese (decision 048). */
    fail_reason_en: string | null;
  }
>;

export type PresentsTable = Table<
  "presents",
  {
    /** English of the reason; null shows the Japanese (decision 048). */
    reason_en: string | null;
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

/** How to read one broker's own report (decision 046). */
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
    /** The rate the row was priced or checked at (decision 045); null when none was in force. */
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
    /** The rate the row was priced or checked at (decision 045); null when none was in force. */
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

export type CashbackMonthlyTable = Table<"cashback_monthly">;

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

export type EaCategory = "trend" | "cashback";
export type EaAccountType = "ea_dedicated" | "regular";
export type EaLicenseStatus = "pending" | "active" | "rejected" | "revoked";

export type EasTable = Table<
  "eas",
  {
    /** English of name and description when written (decision 024). */
    name_en: string | null;
    category: EaCategory;
    account_type: EaAccountType;
    active: Bool;
  }
>;

export type EaFilesTable = Table<
  "ea_files",
  {
    /** Storage key (eas/…): never a public URL; served only to licence holders. */
    storage_key: string;
  }
>;

export type EaLicensesTable = Table<
  "ea_licenses",
  {
    /** broker_account_id while pending or active, null after: UNIQUE (ea_id, live_account_id). */
    live_account_id: string | null;
    status: EaLicenseStatus;
    /** Why a request was rejected or a licence revoked. */
    reason: string | null;
    /** English of the reason; null shows the Japanese (decision 048). */
    reason_en: string | null;
  }
>;

export type EaDedicatedAccountsTable = Table<"ea_dedicated_accounts">;

export type EaAccountRequestStatus = "pending" | "approved" | "denied";

/** A member asks for one of their approved accounts to be designated EA-dedicated. */
export type EaAccountRequestsTable = Table<
  "ea_account_requests",
  {
    /** broker_account_id while pending, null once decided: UNIQUE (one open request per account). */
    live_account_id: string | null;
    status: EaAccountRequestStatus;
    /** Why the admin denied it (shown to the member). */
    reason: string | null;
    /** English of the reason; null shows the Japanese (decision 048). */
    reason_en: string | null;
  }
>;

// ------------------------------------------------------------------- support chat and LINE

export type ChatRole = "member" | "admin";

/** One support thread per member; each side's read marker is the newest message id it saw. */
export type ChatThreadsTable = Table<"chat_threads">;

export type ChatMessagesTable = Table<
  "chat_messages",
  {
    sender_role: ChatRole;
    /** Up to 2,000 characters; empty when the message is only an image. */
    body: string;
    /** Storage key of an attached image (area "chat"), served only to the thread's people. */
    image_key: string | null;
  }
>;

/** A member's LINE account; UNIQUE on both columns: one LINE account per member and back. */
export type LineLinksTable = Table<"line_links">;

/** Whether a LINE user follows the official account (follow/unfollow events). */
export type LineFriendsTable = Table<
  "line_friends",
  {
    following: Bool;
    /** LINE's event time in ms of the last change. */
    event_ts: number;
  }
>;

/** A LINE Login in progress, bound to the session that started it. */
export type LineLoginRequestsTable = Table<
  "line_login_requests",
  {
    /** sha256 (hex) of the state parameter. */
    id: string;
  }
>;

/** Which notifications a member wants on LINE; no row means all of them. */
export type LineNotifyPrefsTable = Table<
  "line_notify_prefs",
  {
    withdrawal: Bool;
    transfer: Bool;
    marathon: Bool;
    support: Bool;
    /** Broker account approved or denied. */
    account: Bool;
  }
>;

/** Which money events a member wants by mail; no row means all of them. */
export type MailNotifyPrefsTable = Table<
  "mail_notify_prefs",
  {
    withdrawal: Bool;
    transfer: Bool;
    account: Bool;
    /** Prizes and rewards credited: one digest a day at most. */
    rewards: Bool;
  }
>;

export type WebhookEventStatus = "received" | "done" | "ignored" | "failed";

export type LineWebhookEventsTable = Table<
  "line_webhook_events",
  {
    redelivery: Bool;
    /** The event object as LINE sent it (JSON). */
    payload: string;
    status: WebhookEventStatus;
  }
>;

export type NotificationKind =
  | "withdrawal_completed"
  | "withdrawal_rejected"
  | "transfer_completed"
  | "transfer_failed"
  | "transfer_received"
  | "marathon_goal"
  | "battle_prize"
  | "support_reply"
  | "account_approved"
  | "account_denied"
  | "ea_account_approved"
  | "ea_account_denied"
  /** The admin switched the USDT network: the member's saved address is for the old one. */
  | "usdt_network_changed"
  /** Mail only: the day's prizes and rewards credited, one row per member and Tokyo date. */
  | "rewards_digest";
export type NotificationChannel = "line" | "mail";
export type NotificationStatus = "pending" | "sent" | "failed" | "skipped";

/** The outbox: written with the event, delivered by the bot worker. */
export type NotificationsTable = Table<
  "notifications",
  {
    /** Existing rows (before mail) are LINE's. */
    channel: NotificationChannel;
    kind: NotificationKind;
    /** JSON: what the message needs (amounts, reasons, ids). */
    payload: string;
    status: NotificationStatus;
  }
>;

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

/** An admin-written notice that opens by itself on a member's page load, once per member. */
export type PopupsTable = Table<
  "popups",
  {
    /** Plain text, shown as text with its line breaks. */
    body: string;
    /** English of title and body when written (decision 024). */
    title_en: string | null;
    /** Storage key under popups/, served at /media/popups/<file>. */
    image_key: string | null;
    /** http(s) only. */
    link_url: string | null;
    active: Bool;
  }
>;

/** A help centre article (FAQ): Japanese required, English optional (decision 024). */
export type HelpArticlesTable = Table<
  "help_articles",
  {
    /** The URL's last part (/help/<slug>): lower-case letters, digits and hyphens. */
    slug: string;
    /** Order within the category, smallest first. */
    position: number;
    published: Bool;
    /** Markdown, rendered safely on the server (no raw HTML). */
    body: string;
    /** The four texts normalised for search (server/features/help/search.ts). */
    search_text: string;
  }
>;

/** A member has been shown a popup. */
export type PopupViewsTable = Table<"popup_views">;

/** A ranking total per genre, period (YYYY-MM, YYYY or all) and member, kept by triggers. */
export type RankingTotalsTable = Table<
  "ranking_totals",
  {
    /** 1 = left out of the rankings (opted out, or not a member). */
    hidden: number;
  }
>;

export interface Database {
  users: UsersTable;
  payment_details: PaymentDetailsTable;
  brokers: BrokersTable;
  broker_rates: BrokerRatesTable;
  broker_rate_versions: BrokerRateVersionsTable;
  broker_accounts: BrokerAccountsTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  auth_tokens: AuthTokensTable;
  recovery_codes: RecoveryCodesTable;
  attempt_limits: AttemptLimitsTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  audit_log: AuditLogTable;
  wallets: WalletsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  withdrawals: WithdrawalsTable;
  transfers: TransfersTable;
  presents: PresentsTable;
  import_batches: ImportBatchesTable;
  import_rows: ImportRowsTable;
  import_profiles: ImportProfilesTable;
  import_jobs: ImportJobsTable;
  cashbacks: CashbacksTable;
  cashback_daily: CashbackDailyTable;
  cashback_monthly: CashbackMonthlyTable;
  affiliate_rates: AffiliateRatesTable;
  affiliate_rewards: AffiliateRewardsTable;
  affiliate_daily: AffiliateDailyTable;
  affiliate_customer_monthly: AffiliateCustomerMonthlyTable;
  affiliate_banners: AffiliateBannersTable;
  cb_marathons: CbMarathonsTable;
  cb_marathon_goals: CbMarathonGoalsTable;
  marathons: MarathonsTable;
  withdrawal_monthly: WithdrawalMonthlyTable;
  ranking_totals: RankingTotalsTable;
  gachas: GachasTable;
  gacha_rewards: GachaRewardsTable;
  gacha_plays: GachaPlaysTable;
  gacha_logs: GachaLogsTable;
  eas: EasTable;
  ea_files: EaFilesTable;
  ea_licenses: EaLicensesTable;
  ea_dedicated_accounts: EaDedicatedAccountsTable;
  ea_account_requests: EaAccountRequestsTable;
  chat_threads: ChatThreadsTable;
  chat_messages: ChatMessagesTable;
  line_links: LineLinksTable;
  line_friends: LineFriendsTable;
  line_login_requests: LineLoginRequestsTable;
  line_notify_prefs: LineNotifyPrefsTable;
  mail_notify_prefs: MailNotifyPrefsTable;
  line_webhook_events: LineWebhookEventsTable;
  notifications: NotificationsTable;
  campaigns: CampaignsTable;
  campaign_entries: CampaignEntriesTable;
  ranking_battles: RankingBattlesTable;
  ranking_battle_prizes: RankingBattlePrizesTable;
  ranking_battle_results: RankingBattleResultsTable;
  popups: PopupsTable;
  help_articles: HelpArticlesTable;
  popup_views: PopupViewsTable;
  legal_documents: LegalDocumentsTable;
  legal_consents: LegalConsentsTable;
}

/**
 * Database names every generated table and no other: after `npm run db:types` a new table is
 * named here, or tsc reports it as missing.
 */
type Assert<T extends true> = T;
type _DatabaseNamesEveryTable = Assert<
  [Exclude<keyof DB, keyof Database>, Exclude<keyof Database, keyof DB>] extends [never, never]
    ? true
    : { missing: Exclude<keyof DB, keyof Database>; extra: Exclude<keyof Database, keyof DB> }
>;

// ------------------------------------------------------------------------ legal documents

export type LegalKind = "terms" | "privacy" | "legal" | "company";

/** One published version of a legal document; never updated once inserted. */
export type LegalDocumentsTable = Table<
  "legal_documents",
  {
    kind: LegalKind;
    /** 1, 2, … per kind. */
    version: number;
    /** Markdown, rendered on the server without raw HTML. */
    body: string;
    /** What changed since the previous version (shown on the re-consent notice). */
    summary: string | null;
    /** Members who accepted an earlier version must accept this one. */
    reconsent: Bool;
  }
>;

/** A member accepted one version of a document. */
export type LegalConsentsTable = Table<"legal_consents">;

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
// Re-exported so feature code never imports kysely's helper types piecemeal.
export type { Generated };
