/** Brokers, their rate cards, the members' accounts there and the EAs run on them. */
import type { Bool, Table } from "./table";

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
