/**
 * The tables of members and what surrounds them: sign-in, settings and audit, brokers and the
 * members' accounts and EAs there, support chat, LINE and notifications, and what the admin
 * publishes (popups, help, legal documents).
 */
import type { Bool, Table } from "./table";

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

// ------------------------------------------------------------------ brokers, accounts and EAs

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
    /** When cashback is credited; null while not announced. */
    credit_cycle: CreditCycle | null;
    /** monthly: day of the month 1–28; weekly: ISO weekday 1 (Monday) – 5 (Friday). */
    credit_day: number | null;
  }
>;

export type CreditCycle = "monthly" | "weekly";

/** A code a broker had before: its public page's old address. */
export type BrokerSlugsTable = Table<"broker_slugs", Record<never, never>>;
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
    /** The Tokyo day this row's rate card version takes effect. */
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

/**
 * A change of a broker's rate card awaiting a second admin: "checking" while it waits (not in
 * force), "approved" once written as a version, "returned" when sent back (never in force).
 */
export type BrokerRateChangeStatus = "checking" | "approved" | "returned";

export type BrokerRateChangesTable = Table<
  "broker_rate_changes",
  {
    status: BrokerRateChangeStatus;
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
    /** English of the reason; null shows the Japanese. */
    deny_reason_en: string | null;
  }
>;

export type EaCategory = "trend" | "cashback";
export type EaAccountType = "ea_dedicated" | "regular";
export type EaLicenseStatus = "pending" | "active" | "rejected" | "revoked";

export type EasTable = Table<
  "eas",
  {
    /** English of name and description when written. */
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
    /** English of the reason; null shows the Japanese. */
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
    /** English of the reason; null shows the Japanese. */
    reason_en: string | null;
  }
>;

// ------------------------------------------------------- support chat, LINE and notifications

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

/** A sign-in with LINE in progress, bound to the browser that started it. */
export type LineSignInRequestsTable = Table<
  "line_sign_in_requests",
  {
    /** sha256 (hex) of the state parameter. */
    id: string;
    popup: Bool;
  }
>;

/** A LINE user signing up: the identity waits for consent and a proven address. */
export type LineSignUpsTable = Table<"line_sign_ups">;

/** A LIFF ID token that signed in: its sha256 (hex), kept until the token expires. */
export type LiffTokenUsesTable = Table<"liff_token_uses">;

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

// ------------------------------------------------------------------- what the admin publishes

/** An admin-written notice that opens by itself on a member's page load, once per member. */
export type PopupsTable = Table<
  "popups",
  {
    /** Plain text, shown as text with its line breaks. */
    body: string;
    /** English of title and body when written. */
    title_en: string | null;
    /** Storage key under popups/, served at /media/popups/<file>. */
    image_key: string | null;
    /** http(s) only. */
    link_url: string | null;
    active: Bool;
  }
>;

/** A help centre article (FAQ): Japanese required, English optional. */
export type HelpArticlesTable = Table<
  "help_articles",
  {
    /** The URL's last part (/help/<slug>): lower-case letters, digits and hyphens. */
    slug: string;
    /** Order within the category, smallest first. */
    position: number;
    published: Bool;
    /** Listed under the popular questions at the top of /help (the admin's mark). */
    popular: Bool;
    /** Markdown, rendered safely on the server (no raw HTML). */
    body: string;
    /** The four texts normalised for search (server/features/help/search.ts). */
    search_text: string;
  }
>;

/** A member has been shown a popup. */
export type PopupViewsTable = Table<"popup_views">;

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

/**
 * A legal version asking members to agree again, awaiting a second admin before it is
 * published: checking, then published (with the version it became) or returned (with a reason).
 */
export type LegalApprovalsTable = Table<
  "legal_approvals",
  {
    kind: LegalKind;
    status: "checking" | "published" | "returned";
  }
>;

/** A member accepted one version of a document. */
export type LegalConsentsTable = Table<"legal_consents">;

/**
 * A role an admin holds: the built-in ones (id = their key) take their grants
 * from server/auth/permissions.ts; a custom role's grants are JSON here.
 */
export type AdminRolesTable = Table<"admin_roles", { builtin: Bool }>;

/** An invitation to join the admin team: a single-use link, only its token's sha256 stored. */
export type AdminInvitationsTable = Table<"admin_invitations">;

export type DataExportStatus = "requested" | "ready" | "expired";

/** A member's request for a copy of their data (開示). */
export type DataExportsTable = Table<
  "data_exports",
  {
    status: DataExportStatus;
    /** The stored ZIP (exports/…) while it is ready; removed when it expires. */
    storage_key: string | null;
  }
>;
