/** Members and their sign-in: users, payment details, sessions, tokens, passkeys, settings. */
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
