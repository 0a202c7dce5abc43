import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/**
 * Table types. Conventions, the same on both engines:
 * - ids are strings from `newId()` (time-ordered, not guessable), never auto-increment;
 * - timestamps are UTC strings "YYYY-MM-DD HH:MM:SS.mmm" (see db/time.ts);
 * - booleans are 0/1 integers;
 * - money is an integer number of yen.
 */

export type Timestamp = string;
export type Bool = 0 | 1;

export type Permission = "admin" | "member";
export type Language = "ja" | "en";
/** The chain USDT payouts go out on (the admin's setting). */
export type UsdtNetwork = "TRC20" | "ERC20";

export interface UsersTable {
  id: string;
  email: string;
  email_verified_at: Timestamp | null;
  password_hash: string;
  name: string;
  nickname: string;
  permission: Permission;
  language: Language;
  referral_code: string | null;
  referrer_id: string | null;
  totp_secret: string | null;
  totp_enabled_at: Timestamp | null;
  totp_last_step: number | null;
  /** Storage key of the profile image (served only through an authorised route). */
  profile_image: string | null;
  twitter_url: string | null;
  /** 1 = left out of the public rankings (nickname only ever shows there). Default 0. */
  ranking_opt_out: ColumnType<Bool, Bool | undefined, Bool>;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export type BankAccountType = "savings" | "current";

/** Where a member's withdrawals are paid; one row per member, every field optional. */
export interface PaymentDetailsTable {
  user_id: string;
  bank_name: string | null;
  bank_code: string | null;
  branch_name: string | null;
  branch_number: string | null;
  account_type: BankAccountType | null;
  bank_account_number: string | null;
  account_holder: string | null;
  usdt_address: string | null;
  /** The network usdt_address was checked for; differing from the setting marks it old. */
  usdt_network: UsdtNetwork | null;
  exness_email: string | null;
  peska_email: string | null;
  bitwallet_email: string | null;
  paypay_id: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

/** How a broker identifies a trading account. */
export type AccountKind = "mt_number" | "customer_id" | "uid";
/** The characters of a customer id / UID: digits, letters and digits, or those and "-". */
export type IdCharset = "digits" | "alnum" | "alnum_dash";

export interface BrokersTable {
  id: string;
  code: string;
  name: string;
  account_kind: AccountKind;
  /** The broker's own id pattern; null for mt_number brokers (5 or 6 alphanumerics). */
  id_charset: IdCharset | null;
  id_min_length: number | null;
  id_max_length: number | null;
  signup_url: string;
  /** Public art: a path under public/ or a /media/brokers/… URL of an uploaded image. */
  logo_path: string | null;
  banner_path: string | null;
  /** Accounts at this broker earn rebates automatically and need no application (Errante). */
  auto_rebate: Bool;
  active: Bool;
  display_order: number;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
  /** What a member must know to earn the rates: Japanese, and English when written. */
  conditions: string | null;
  conditions_en: string | null;
  /** When cashback is credited (decision 019); null while not announced. */
  credit_cycle: CreditCycle | null;
  /** monthly: day of the month 1–28; weekly: ISO weekday 1 (Monday) – 5 (Friday). */
  credit_day: number | null;
}

export type CreditCycle = "monthly" | "weekly";
export type RateKind = "jpy_per_lot" | "usd_per_lot" | "spread_percent";
/** Where a row's rate came from: the account's own type, or the broker's default type. */
export type RateSource = "account_type" | "default_type";

/** A broker's cashback rate for one of its account types. */
export interface BrokerRatesTable {
  id: string;
  broker_id: string;
  account_type: string;
  kind: RateKind;
  /** The rate in hundredths: ¥1,000/lot = 100000, $7.50/lot = 750, 30 % = 3000. */
  value_x100: number;
  display_order: number;
  /** The Tokyo day this row's rate card version takes effect (decision 045). */
  effective_from: ColumnType<string, string | undefined, string>;
}

/** A version of a broker's rate card: its rates (broker_rates) apply from its Tokyo day on. */
export interface BrokerRateVersionsTable {
  broker_id: string;
  effective_from: string;
  /** The admin who scheduled it; null for rates saved before versions existed. */
  created_by: string | null;
  created_at: Timestamp;
}

export type BrokerAccountStatus = "pending" | "approved" | "denied";

export interface BrokerAccountsTable {
  id: string;
  user_id: string;
  broker_id: string;
  account_number: string;
  /**
   * account_number while pending or approved, null once denied. UNIQUE (broker_id,
   * live_number) is the database's own refusal of a second registration of a live account.
   */
  live_number: string | null;
  /** One of the broker's rate types (broker_rates.account_type); null when not given. */
  account_type: string | null;
  status: BrokerAccountStatus;
  deny_reason: string | null;
  /** English of the reason; null shows the Japanese (decision 048). */
  deny_reason_en: ColumnType<string | null, string | null | undefined, string | null>;
  decided_at: Timestamp | null;
  decided_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a leaked table does not give working cookies. */
  id: string;
  user_id: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  reauth_at: Timestamp | null;
}

export type TokenPurpose =
  "verify_email" | "reset_password" | "change_email" | "recover_email" | "mfa_login";

export interface AuthTokensTable {
  id: string;
  user_id: string;
  purpose: TokenPurpose;
  data: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

/** A WebAuthn credential (passkey) of a user. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  /** base64url credential id, unique over all users. */
  credential_id: string;
  /** base64url COSE public key. */
  public_key: string;
  counter: number;
  /** Comma-separated AuthenticatorTransport values, or null when the browser gave none. */
  transports: string | null;
  name: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  last_used_at: Timestamp | null;
}

/** `reauth`: a signed-in person's step-up with a passkey (varchar column: no migration). */
export type PasskeyChallengePurpose = "register" | "login" | "second_factor" | "reauth";

/** A single-use WebAuthn challenge; id is the sha256 of the challenge. */
export interface PasskeyChallengesTable {
  id: string;
  purpose: PasskeyChallengePurpose;
  /** Who it was issued to; null for a passwordless sign-in (nobody known yet). */
  user_id: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** rate-limiter-flexible's store (server/auth/rate-limit.ts): it alone writes these rows. */
export interface AttemptLimitsTable {
  key: string;
  points: number;
  /** Epoch milliseconds at which the window ends. */
  expire: number | null;
}

export interface SettingsTable {
  key: string;
  /** JSON text; each setting's shape is validated by its owner when read. */
  value: string;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  /** JSON text: what changed (before/after), never a secret. */
  data: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

export type WalletKind = "member" | "system";
export type Bucket = "available" | "held";

export interface WalletsTable {
  /** The member's user id, or "sys:house" / "sys:payouts" / "sys:fees". */
  id: string;
  user_id: string | null;
  kind: WalletKind;
  /** Available to withdraw or spend. */
  balance: number;
  /** Reserved by pending withdrawals and transfers. */
  held: number;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface LedgerTransactionsTable {
  id: string;
  idempotency_key: string;
  kind: string;
  ref_type: string;
  ref_id: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

export interface LedgerEntriesTable {
  id: string;
  tx_id: string;
  wallet_id: string;
  bucket: Bucket;
  /** Signed yen: positive adds to the bucket. */
  amount: number;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

export type WithdrawalMethod = "bank" | "bitwallet" | "usdt" | "exness" | "paypay" | "peska";
/** "sent": in a Zengin transfer file the admin marked as sent to the bank (bank only). */
export type WithdrawalStatus = "pending" | "sent" | "completed" | "rejected" | "cancelled";

export interface WithdrawalsTable {
  id: string;
  user_id: string;
  method: WithdrawalMethod;
  amount: number;
  status: WithdrawalStatus;
  /** JSON snapshot of where the money goes, taken at request time. */
  payout: string;
  request_key: string;
  next_business_day: Bool;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  sent_at: Timestamp | null;
  completed_at: Timestamp | null;
  rejected_at: Timestamp | null;
  reject_reason: string | null;
  /** English of the reason; null shows the Japanese (decision 048). */
  reject_reason_en: ColumnType<string | null, string | null | undefined, string | null>;
  cancelled_at: Timestamp | null;
  decided_by: string | null;
}

export type TransferStatus = "pending" | "completed" | "failed";

export interface TransfersTable {
  id: string;
  sender_id: string;
  receiver_id: string;
  amount: number;
  fee: number;
  /** The fee rate in force at request time, in basis points (1% = 100). */
  fee_rate_bp: number;
  message: string | null;
  status: TransferStatus;
  request_key: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  decided_at: Timestamp | null;
  decided_by: string | null;
  fail_reason: string | null;
  /** English of the reason; null shows the Japanese (decision 048). */
  fail_reason_en: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PresentsTable {
  id: string;
  user_id: string;
  amount: number;
  reason: string;
  /** English of the reason; null shows the Japanese (decision 048). */
  reason_en: ColumnType<string | null, string | null | undefined, string | null>;
  campaign_id: string | null;
  request_key: string;
  created_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

/** previewing (its preview job stages rows) → previewed → committing → committed; failed: refused file. */
export type ImportBatchStatus = "previewing" | "previewed" | "committing" | "committed" | "failed";
export type ImportRowStatus = "matched" | "unmatched" | "duplicate" | "error" | "credited";

export interface ImportBatchesTable {
  id: string;
  file_name: string;
  file_sha256: string;
  status: ImportBatchStatus;
  /** Yen per US dollar in millionths; null when the file has no USD rows. */
  usd_rate_micro: number | null;
  rows_total: number;
  rows_matched: number;
  rows_unmatched: number;
  rows_duplicate: number;
  rows_error: number;
  rows_credited: ColumnType<number, number | undefined, number>;
  amount_credited: ColumnType<number, number | undefined, number>;
  created_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  committed_by: string | null;
  committed_at: Timestamp | null;
  /** Chunks below this number are credited (advanced in each chunk's own transaction). */
  next_chunk: ColumnType<number, number | undefined, number>;
  /** Rows whose amount differs from lots × the broker's rate beyond rounding. */
  rows_rate_mismatch: ColumnType<number, number | undefined, number>;
  /** The stored upload a preview job reads (server/storage, reports/…); null once it has ended. */
  report_key: ColumnType<string | null, string | null | undefined, string | null>;
  report_bytes: ColumnType<number, number | undefined, number>;
  /** The import profile the report is read with, as it was at upload (JSON); null: built-in. */
  profile: ColumnType<string | null, string | null | undefined, string | null>;
}

/** How to read one broker's own report (decision 046). */
export interface ImportProfilesTable {
  id: string;
  broker_id: string;
  name: string;
  encoding: "utf-8" | "shift_jis";
  delimiter: string;
  has_header: Bool;
  /** JSON: each value's header name or "#n" position; null for an optional one not given. */
  columns: string;
  date_format: string;
  volume_divisor: number;
  decimal_comma: Bool;
  currency: "JPY" | "USD";
  updated_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export type ImportJobKind = "preview" | "commit" | "rerun";
export type ImportJobState = "queued" | "running" | "done" | "failed";

/** Crediting a batch, run by a worker under a lease (server/features/cashback/jobs.ts). */
export interface ImportJobsTable {
  id: string;
  batch_id: string;
  kind: ImportJobKind;
  state: ImportJobState;
  /** Matched rows to credit; rows_done moves in each chunk's own transaction. */
  rows_total: ColumnType<number, number | undefined, number>;
  rows_done: ColumnType<number, number | undefined, number>;
  rows_credited: ColumnType<number, number | undefined, number>;
  amount_credited: ColumnType<number, number | undefined, number>;
  /** Times a worker has taken the job (a job taken too often fails). */
  attempts: ColumnType<number, number | undefined, number>;
  lease_owner: string | null;
  lease_until: Timestamp | null;
  /** Why the job failed: an errors: key under import., or the error's message. */
  error: string | null;
  created_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  started_at: Timestamp | null;
  heartbeat_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export interface ImportRowsTable {
  id: string;
  batch_id: string;
  line_no: number;
  status: ImportRowStatus;
  /** Error key under errors:import, when status is "error". */
  error: string | null;
  trade_date: string | null;
  broker_id: string | null;
  broker_text: string | null;
  account_number: string | null;
  lots_milli: number | null;
  amount_text: string | null;
  currency: string | null;
  amount_yen: number | null;
  row_key: string | null;
  broker_account_id: string | null;
  user_id: string | null;
  /** Matched rows: the chunk that credits them; a member's rows share one chunk. */
  chunk_no: number | null;
  /** Yen the row's lots × the broker's nearest per-lot rate would pay; null if not checkable. */
  expected_yen: number | null;
  /** The source key its cashback will carry (see sourceKey); null on error rows. */
  source_key: string | null;
  /** The rate the row was priced or checked at (decision 045); null when none was in force. */
  rate_type: string | null;
  rate_kind: RateKind | null;
  rate_x100: number | null;
  rate_from: string | null;
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

export interface CashbacksTable {
  id: string;
  source_key: string;
  user_id: string;
  broker_account_id: string;
  broker_id: string;
  /** YYYY-MM-DD, the broker's trade date. */
  trade_date: string;
  lots_milli: number;
  amount: number;
  batch_id: string;
  ledger_tx_id: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  /** The rate the row was priced or checked at (decision 045); null when none was in force. */
  rate_type: ColumnType<string | null, string | null | undefined, string | null>;
  rate_kind: ColumnType<RateKind | null, RateKind | null | undefined, RateKind | null>;
  rate_x100: ColumnType<number | null, number | null | undefined, number | null>;
  rate_from: ColumnType<string | null, string | null | undefined, string | null>;
  rate_source: ColumnType<RateSource | null, RateSource | null | undefined, RateSource | null>;
  /** 1 when the amount was computed from the rate, 0 when the report gave it. */
  priced: ColumnType<number, number | undefined, number>;
  /** The IB commission the broker reported for the row, in yen; null when not reported. */
  commission_yen: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CashbackDailyTable {
  broker_account_id: string;
  day: string;
  user_id: string;
  broker_id: string;
  amount: number;
  lots_milli: number;
  rows: number;
}

/** Completed withdrawals per member and Tokyo month: the ranking's withdrawal genre. */
export interface WithdrawalMonthlyTable {
  user_id: string;
  month: string;
  amount: number;
  count: number;
}

export type MarathonCourse = "general" | "axi";

/** A cashback marathon: its goals count cashback traded from starts_on to ends_on (null = open). */
export interface CbMarathonsTable {
  id: string;
  course: MarathonCourse;
  title: string;
  /** English title; null shows the Japanese one. */
  title_en: string | null;
  starts_on: string;
  ends_on: string | null;
  active: Bool;
  created_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

/** A numbered goal of a marathon; marathon_number is unique across all goals. */
export interface CbMarathonGoalsTable {
  id: string;
  marathon_id: string;
  marathon_number: number;
  threshold: number;
  reward: number;
  modal_text: string;
  /** English popup text; null shows the Japanese one. */
  modal_text_en: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

/** The `marathons` collection: a goal a member reached, keyed `<uid>_<marathon_number>`. */
export interface MarathonsTable {
  id: string;
  uid: string;
  marathon_number: number;
  goal_id: string;
  reward: number;
  modal_text: string;
  modal_text_en: string | null;
  /** 0 = not yet shown in the goal modal. */
  is_modal: Bool;
  ledger_tx_id: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface CashbackMonthlyTable {
  broker_account_id: string;
  month: string;
  user_id: string;
  broker_id: string;
  amount: number;
  lots_milli: number;
  rows: number;
}

export type GachaMethod = "weighted" | "box";
export type GachaRewardKind = "cash" | "item" | "none";

export interface GachasTable {
  id: string;
  name: string;
  description: string;
  /** English of name and description when written (decision 024); else members see the Japanese. */
  name_en: string | null;
  description_en: string | null;
  /** Storage key of the gacha's image (gachas/…), served at /media/gachas/<file>. */
  image_key: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** Yen paid from the wallet per draw; 0 = free. */
  cost: number;
  method: GachaMethod;
  /** Draws one member may make of this gacha, in total. */
  challenge_limit: number;
  published: Bool;
  created_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface GachaRewardsTable {
  id: string;
  gacha_id: string;
  name: string;
  name_en: string | null;
  image_key: string | null;
  kind: GachaRewardKind;
  /** Yen credited for a cash reward; null for items and "no prize". */
  amount: number | null;
  /** Weighted gachas: the reward's relative weight. */
  weight: number | null;
  /** Box gachas: how many are left in the box. */
  stock: number | null;
  valid_from: Timestamp | null;
  valid_until: Timestamp | null;
  valid_days: number | null;
  active: Bool;
  display_order: number;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface GachaPlaysTable {
  gacha_id: string;
  user_id: string;
  plays: number;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface GachaLogsTable {
  id: string;
  gacha_id: string;
  reward_id: string;
  user_id: string;
  request_key: string;
  cost: number;
  reward_kind: GachaRewardKind;
  reward_name: string;
  /** The reward's English name when drawn, if it had one. */
  reward_name_en: string | null;
  amount: number | null;
  valid_from: Timestamp | null;
  valid_until: Timestamp | null;
  used_at: Timestamp | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

export interface CampaignsTable {
  id: string;
  title: string;
  /** Plain text, shown as text with its line breaks. */
  body: string;
  /** English of title, body and conditions when written (decision 024). */
  title_en: string | null;
  body_en: string | null;
  conditions_en: string | null;
  /** Storage key of the campaign's image (campaigns/…), served at /media/campaigns/<file>. */
  image_key: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** Entry conditions shown to members (plain text). */
  conditions: string;
  /** Entries allowed in total; null = unlimited. */
  capacity: number | null;
  active: Bool;
  created_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

/** One member's entry in one campaign; UNIQUE(campaign_id, user_id). */
export interface CampaignEntriesTable {
  id: string;
  campaign_id: string;
  user_id: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

export type EaCategory = "trend" | "cashback";
export type EaAccountType = "ea_dedicated" | "regular";
export type EaLicenseStatus = "pending" | "active" | "rejected" | "revoked";

export interface EasTable {
  id: string;
  name: string;
  developer: string;
  description: string;
  /** English of name and description when written (decision 024). */
  name_en: string | null;
  description_en: string | null;
  category: EaCategory;
  account_type: EaAccountType;
  active: Bool;
  created_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface EaFilesTable {
  id: string;
  ea_id: string;
  version: string;
  /** Storage key (eas/…): never a public URL; served only to licence holders. */
  storage_key: string;
  file_name: string;
  size: number;
  sha256: string;
  uploaded_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

export interface EaLicensesTable {
  id: string;
  ea_id: string;
  user_id: string;
  broker_account_id: string;
  /** broker_account_id while pending or active, null after: UNIQUE (ea_id, live_account_id). */
  live_account_id: string | null;
  status: EaLicenseStatus;
  license_key: string | null;
  /** Why a request was rejected or a licence revoked. */
  reason: string | null;
  /** English of the reason; null shows the Japanese (decision 048). */
  reason_en: ColumnType<string | null, string | null | undefined, string | null>;
  issued_at: Timestamp | null;
  issued_by: string | null;
  ended_at: Timestamp | null;
  ended_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface EaDedicatedAccountsTable {
  broker_account_id: string;
  designated_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

export type EaAccountRequestStatus = "pending" | "approved" | "denied";

/** A member asks for one of their approved accounts to be designated EA-dedicated. */
export interface EaAccountRequestsTable {
  id: string;
  user_id: string;
  broker_account_id: string;
  /** broker_account_id while pending, null once decided: UNIQUE (one open request per account). */
  live_account_id: string | null;
  status: EaAccountRequestStatus;
  /** Why the admin denied it (shown to the member). */
  reason: string | null;
  /** English of the reason; null shows the Japanese (decision 048). */
  reason_en: ColumnType<string | null, string | null | undefined, string | null>;
  decided_at: Timestamp | null;
  decided_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

// ------------------------------------------------------------------- support chat and LINE

export type ChatRole = "member" | "admin";

/** One support thread per member; each side's read marker is the newest message id it saw. */
export interface ChatThreadsTable {
  id: string;
  user_id: string;
  last_message_at: Timestamp | null;
  member_read_upto: string | null;
  admin_read_upto: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface ChatMessagesTable {
  id: string;
  thread_id: string;
  sender_role: ChatRole;
  sender_id: string | null;
  /** Up to 2,000 characters; empty when the message is only an image. */
  body: string;
  /** Storage key of an attached image (area "chat"), served only to the thread's people. */
  image_key: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

/** A member's LINE account; UNIQUE on both columns: one LINE account per member and back. */
export interface LineLinksTable {
  user_id: string;
  line_user_id: string;
  display_name: string | null;
  linked_at: Timestamp;
  updated_at: Timestamp;
}

/** Whether a LINE user follows the official account (follow/unfollow events). */
export interface LineFriendsTable {
  line_user_id: string;
  following: Bool;
  /** LINE's event time in ms of the last change. */
  event_ts: number;
  updated_at: Timestamp;
}

/** A LINE Login in progress, bound to the session that started it. */
export interface LineLoginRequestsTable {
  /** sha256 (hex) of the state parameter. */
  id: string;
  session_id: string;
  user_id: string;
  nonce: string;
  code_verifier: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** Which notifications a member wants on LINE; no row means all of them. */
export interface LineNotifyPrefsTable {
  user_id: string;
  withdrawal: Bool;
  transfer: Bool;
  marathon: Bool;
  support: Bool;
  /** Broker account approved or denied. */
  account: ColumnType<Bool, Bool | undefined, Bool>;
  updated_at: Timestamp;
}

/** Which money events a member wants by mail; no row means all of them. */
export interface MailNotifyPrefsTable {
  user_id: string;
  withdrawal: Bool;
  transfer: Bool;
  account: Bool;
  /** Prizes and rewards credited: one digest a day at most. */
  rewards: Bool;
  updated_at: Timestamp;
}

export type WebhookEventStatus = "received" | "done" | "ignored" | "failed";

export interface LineWebhookEventsTable {
  webhook_event_id: string;
  type: string;
  line_user_id: string | null;
  event_ts: number;
  redelivery: Bool;
  /** The event object as LINE sent it (JSON). */
  payload: string;
  status: WebhookEventStatus;
  error: string | null;
  received_at: ColumnType<Timestamp, Timestamp, never>;
  processed_at: Timestamp | null;
}

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
export interface NotificationsTable {
  id: string;
  user_id: string;
  /** Existing rows (before mail) are LINE's. */
  channel: ColumnType<NotificationChannel, NotificationChannel | undefined, NotificationChannel>;
  kind: NotificationKind;
  /** JSON: what the message needs (amounts, reasons, ids). */
  payload: string;
  dedupe_key: string;
  retry_key: string;
  status: NotificationStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  claim_token: string | null;
  last_error: string | null;
  line_request_id: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  sent_at: Timestamp | null;
  updated_at: Timestamp;
}

/** A per-member override of the default affiliate rate (basis points: 1000 = 10%). */
export interface AffiliateRatesTable {
  user_id: string;
  rate_bp: number;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** One referrer's share of one credited cashback row (cashback_id unique: paid once). */
export interface AffiliateRewardsTable {
  id: string;
  cashback_id: string;
  referrer_id: string;
  customer_id: string;
  trade_date: string;
  cashback_amount: number;
  /** The rate in force when the cashback was credited. */
  rate_bp: number;
  amount: number;
  batch_id: string;
  ledger_tx_id: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

/** Per referrer per Tokyo day, kept with the events: registrations, customer cashback, rewards. */
export interface AffiliateDailyTable {
  referrer_id: string;
  day: string;
  registrations: number;
  cashback: number;
  rewards: number;
}

/** Per referrer, customer and month: cashback of the customer and the rewards it paid. */
export interface AffiliateCustomerMonthlyTable {
  referrer_id: string;
  customer_id: string;
  month: string;
  cashback: number;
  rewards: number;
}

/** An admin-uploaded affiliate banner; deactivated, never deleted. */
export interface AffiliateBannersTable {
  id: string;
  title: string;
  /** Storage key under banners/, served publicly at /media/banners/<file>. */
  image_key: string;
  width: number;
  height: number;
  alt_text: string;
  active: number;
  display_order: number;
  created_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export type BattleStatus = "open" | "settled";

/** A ranking battle: members ranked by cashback between two Tokyo dates (both included). */
export interface RankingBattlesTable {
  id: string;
  title: string;
  title_en: string | null;
  starts_on: string;
  ends_on: string;
  status: BattleStatus;
  settled_at: Timestamp | null;
  settled_by: string | null;
  created_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

/** The prize of one rank of a battle (ranks 1..n, contiguous). */
export interface RankingBattlePrizesTable {
  battle_id: string;
  rank: number;
  amount: number;
}

/** A settled battle's standings: one row per ranked member, UNIQUE(battle_id, user_id). */
export interface RankingBattleResultsTable {
  id: string;
  battle_id: string;
  user_id: string;
  rank: number;
  /** The member's cashback in the period. */
  amount: number;
  /** Yen credited; 0 when the rank has no prize. */
  prize: number;
  ledger_tx_id: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

/** An admin-written notice that opens by itself on a member's page load, once per member. */
export interface PopupsTable {
  id: string;
  title: string;
  /** Plain text, shown as text with its line breaks. */
  body: string;
  /** English of title and body when written (decision 024). */
  title_en: string | null;
  body_en: string | null;
  /** Storage key under popups/, served at /media/popups/<file>. */
  image_key: string | null;
  /** http(s) only. */
  link_url: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  active: Bool;
  created_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

/** A help centre article (FAQ): Japanese required, English optional (decision 024). */
export interface HelpArticlesTable {
  id: string;
  /** The URL's last part (/help/<slug>): lower-case letters, digits and hyphens. */
  slug: string;
  category: string;
  /** Order within the category, smallest first. */
  position: number;
  published: Bool;
  title: string;
  title_en: string | null;
  /** Markdown, rendered safely on the server (no raw HTML). */
  body: string;
  body_en: string | null;
  /** The four texts normalised for search (server/features/help/search.ts). */
  search_text: string;
  updated_by: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

/** A member has been shown a popup. */
export interface PopupViewsTable {
  popup_id: string;
  user_id: string;
  seen_at: Timestamp;
}

/** A ranking total per genre, period (YYYY-MM, YYYY or all) and member, kept by triggers. */
export interface RankingTotalsTable {
  genre: string;
  period: string;
  user_id: string;
  amount: number;
  /** 1 = left out of the rankings (opted out, or not a member). */
  hidden: number;
}

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

// ------------------------------------------------------------------------ legal documents

export type LegalKind = "terms" | "privacy" | "legal" | "company";

/** One published version of a legal document; never updated once inserted. */
export interface LegalDocumentsTable {
  id: string;
  kind: LegalKind;
  /** 1, 2, … per kind. */
  version: number;
  /** Markdown, rendered on the server without raw HTML. */
  body: string;
  body_en: string | null;
  /** What changed since the previous version (shown on the re-consent notice). */
  summary: string | null;
  summary_en: string | null;
  /** Members who accepted an earlier version must accept this one. */
  reconsent: Bool;
  published_at: Timestamp;
  published_by: string | null;
}

/** A member accepted one version of a document. */
export interface LegalConsentsTable {
  id: string;
  user_id: string;
  document_id: string;
  accepted_at: Timestamp;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
// Re-exported so feature code never imports kysely's helper types piecemeal.
export type { Generated };
