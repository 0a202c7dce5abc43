import { z } from "zod";

/**
 * Every environment variable the portal reads, parsed once. A bad value stops start-up with
 * one line naming the variable (see `describeConfigError`), never a stack trace.
 */

const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
  .transform((v) => ["true", "1", "yes", "on"].includes(v));

export const FEATURE_NAMES = [
  "walletBalance",
  "summaryReport",
  "gacha",
  "cashbackMarathon",
  "challengeMission",
  "stores",
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type FeatureFlags = Record<FeatureName, boolean>;

/** The feature switches' defaults: everything on. */
export const DEFAULT_FEATURES: FeatureFlags = {
  walletBalance: true,
  summaryReport: true,
  gacha: true,
  cashbackMarathon: true,
  challengeMission: false,
  stores: false,
};

const features = z
  .string()
  .trim()
  .transform((raw, ctx) => {
    const flags: FeatureFlags = { ...DEFAULT_FEATURES };
    if (raw === "") return flags;
    for (const part of raw.split(",")) {
      const [name, value] = part.split("=").map((s) => s.trim());
      if (!FEATURE_NAMES.includes(name as FeatureName) || !["on", "off"].includes(value ?? "")) {
        ctx.addIssue({
          code: "custom",
          message: `expected a comma-separated list like "gacha=off,stores=on" with names ${FEATURE_NAMES.join(", ")} (got "${part}")`,
        });
        return z.NEVER;
      }
      flags[name as FeatureName] = value === "on";
    }
    return flags;
  });

/** A LINE channel's id and secret: the bot's Messaging API channel and the Login channel. */
const lineChannelId = z
  .string()
  .regex(/^\d{6,20}$/, "must be the channel's numeric id")
  .optional();
const lineChannelSecret = z
  .string()
  .regex(/^[0-9a-f]{32}$/i, "must be the 32-character channel secret")
  .optional();

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  BOT_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  /** Required in production; elsewhere DEFAULT_APP_ORIGIN. */
  APP_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .transform((u) => new URL(u).origin)
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(
      /^(mysql:\/\/|sqlite:).+/,
      'must start with "mysql://", or "sqlite:" followed by the file\'s path for the embedded SQLite',
    )
    .optional(),
  /**
   * A replica or another cluster node for the read-only lists and exports (docs/operations.md);
   * money, balances and pages right after the member's own write read DATABASE_URL.
   */
  DATABASE_READ_URL: z
    .string()
    .regex(/^mysql:\/\/.+/, 'must start with "mysql://"')
    .optional(),
  SQLITE_PATH: z.string().min(1).default("data/portal.sqlite"),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Unset: pretty lines in development when pino-pretty is installed, JSON lines otherwise. */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  /** How long /readyz and the LINE webhook wait for the database before answering it is down. */
  READY_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1_000),
  /** The bearer token a Prometheus scrape of /metrics sends; unset, /metrics is off (404). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  COOKIE_SECURE: boolish.optional(),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** Sessions end after this long unused (admins, members) and this long after sign-in. */
  SESSION_IDLE_MINUTES_ADMIN: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  SESSION_IDLE_MINUTES_MEMBER: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 60)
    .default(24 * 60),
  SESSION_LIFETIME_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /**
   * A closed account's personal data is erased this many days after closing (never within the
   * 30 days an admin may reopen it); the name and payout records kept with the money records
   * this many years after (Japanese tax law keeps books for seven).
   */
  ACCOUNT_PERSONAL_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(30),
  ACCOUNT_MONEY_RETENTION_YEARS: z.coerce.number().int().min(7).max(20).default(7),
  /**
   * The key device cookies are signed with (a browser that signed in to an account before is
   * limited per device, not by its address). Unset: a key per process, so devices are
   * forgotten at a restart and with more than one process.
   */
  DEVICE_COOKIE_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Largest JSON or form body (uploads have their own limits): 413 past it. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(16 * 1024)
    .max(100 * 1024 * 1024)
    .default(1024 * 1024),
  /** The external marketing site; unset, the website button opens the portal's own /welcome. */
  WEBSITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Where visitors write to (the footer's contact link); members use the support chat.
  CONTACT_EMAIL: z.email().default("support@example.com"),
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, 'must look like "GTM-XXXXXXX"')
    .optional(),
  META_PIXEL_ID: z
    .string()
    .regex(/^\d{6,20}$/, "must be the pixel's numeric id")
    .optional(),
  FEATURES: features.default(DEFAULT_FEATURES),
  RUN_MIGRATIONS: boolish.default(true),
  /**
   * How mail leaves: `smtp` (SMTP_URL) or `file` (each mail written to MAIL_DIR). Unset: smtp
   * when SMTP_URL is set, else file outside production; production requires a choice.
   */
  MAIL_TRANSPORT: z.enum(["smtp", "file"]).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must start with "smtp://" or "smtps://"')
    .optional(),
  MAIL_FROM: z.string().min(3).default("CB Portal <no-reply@example.com>"),
  MAIL_DIR: z.string().min(1).default("data/mail"),
  UPLOAD_DIR: z.string().min(1).default("data/uploads"),
  // LINE Messaging API channel (the bot): webhook signatures and pushes. Without the access
  // token the bot worker sends nothing and keeps the notifications pending.
  LINE_CHANNEL_ID: lineChannelId,
  LINE_CHANNEL_SECRET: lineChannelSecret,
  LINE_CHANNEL_ACCESS_TOKEN: z.string().min(20).optional(),
  // The official account's basic id ("@123abcde"): the connect page links to it for adding
  // the account as a friend again.
  LINE_BOT_BASIC_ID: z
    .string()
    .regex(/^@[0-9a-z._-]{3,32}$/, 'must look like "@123abcde"')
    .optional(),
  // LINE Login channel: signing in with LINE and linking a member's LINE account. Without
  // both, nothing about LINE Login is shown.
  LINE_LOGIN_CHANNEL_ID: lineChannelId,
  LINE_LOGIN_CHANNEL_SECRET: lineChannelSecret,
  // Ask LINE for the member's email (scope "email"): set once LINE has granted the channel the
  // email permission. Without it, a sign-up with LINE proves the address by a mail.
  LINE_LOGIN_EMAIL: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  // The issuer LINE's ID tokens carry; tests point it at a local OpenID provider.
  LINE_LOGIN_ISSUER: z
    .url({ protocol: /^https?$/ })
    .default("https://access.line.me")
    .transform((u) => u.replace(/\/+$/, "")),
  // The LIFF app (inside the LINE Login channel above) the bot's rich menu opens portal pages in.
  LIFF_ID: z
    .string()
    .regex(/^\d{6,20}-[A-Za-z0-9]{4,32}$/, 'must look like "1234567890-AbcdEfgh"')
    .optional(),
  // Where the LINE APIs live; tests and staging point these at a stand-in.
  LINE_API_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .default("https://api.line.me")
    .transform((u) => u.replace(/\/+$/, "")),
  LINE_LOGIN_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .default("https://access.line.me")
    .transform((u) => u.replace(/\/+$/, "")),
  // The Messaging API's content host (rich menu images).
  LINE_API_DATA_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .default("https://api-data.line.me")
    .transform((u) => u.replace(/\/+$/, "")),
  LINE_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // The bot worker: where LINE posts webhooks, and how the notification outbox is drained.
  BOT_WEBHOOK_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*$/, 'must be a path such as "/line/webhook"')
    .default("/line/webhook"),
  BOT_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  BOT_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(50),
  BOT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  BOT_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  BOT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  BOT_BACKOFF_BASE_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
  BOT_BACKOFF_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(600_000),
});

export type ConfigName = keyof typeof configSchema.shape;
type Parsed = z.output<typeof configSchema>;
export type MailTransport = "smtp" | "file";
export type Config = Omit<Parsed, "COOKIE_SECURE" | "APP_ORIGIN" | "MAIL_TRANSPORT"> & {
  COOKIE_SECURE: boolean;
  APP_ORIGIN: string;
  MAIL_TRANSPORT: MailTransport;
};

/** Where links point outside production when APP_ORIGIN is unset: the dev server's address. */
export const DEFAULT_APP_ORIGIN = "http://localhost:3000";

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** One line per bad variable, naming it. */
export function describeConfigError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const name = issue.path.join(".") || "(environment)";
      return `Invalid configuration: ${name} ${issue.message}`;
    })
    .join("\n");
}

/** The file a `sqlite:` DATABASE_URL names: `sqlite:data/x.sqlite`, `sqlite:///abs/x.sqlite`. */
function sqliteFile(url: string): string {
  const rest = url.slice("sqlite:".length);
  return rest.startsWith("//") ? rest.slice(2) : rest;
}

/**
 * What production cannot guess, checked on the variables as given (present or not), so each
 * problem is its own line even when another variable's value is also wrong.
 */
function missingChoices(env: Record<string, string>, serving: boolean): string[] {
  const problems: string[] = [];
  const production = env.NODE_ENV === "production";
  if (production && env.DATABASE_URL === undefined && env.SQLITE_PATH === undefined) {
    // A forgotten or misspelled DATABASE_URL must not put production on a file inside the
    // container: the embedded SQLite is chosen by name or not at all.
    problems.push(
      'Invalid configuration: DATABASE_URL is not set; in production set it to "mysql://…", or choose the embedded SQLite explicitly with SQLITE_PATH (or DATABASE_URL=sqlite:PATH)',
    );
  }
  if (serving && production && env.APP_ORIGIN === undefined) {
    // Every link in a mail and the same-origin check of every form start from it: a guessed
    // http://localhost:3000 sends members links that lead nowhere.
    problems.push(
      'Invalid configuration: APP_ORIGIN is not set; in production set it to the address members use, such as "https://portal.example.jp"',
    );
  }
  if (env.MAIL_TRANSPORT === "smtp" && env.SMTP_URL === undefined) {
    problems.push('Invalid configuration: SMTP_URL is not set but MAIL_TRANSPORT is "smtp"');
  } else if (env.MAIL_TRANSPORT === "file" && env.SMTP_URL !== undefined) {
    problems.push(
      'Invalid configuration: MAIL_TRANSPORT is "file" but SMTP_URL is set; unset one of them',
    );
  } else if (
    serving &&
    production &&
    env.MAIL_TRANSPORT === undefined &&
    env.SMTP_URL === undefined
  ) {
    // Mail written to files in production reaches nobody: a sign-up link, a reset, a
    // withdrawal notice would be lost without a word.
    problems.push(
      'Invalid configuration: SMTP_URL is not set; in production set it to "smtp://…" or "smtps://…", or choose mail files explicitly with MAIL_TRANSPORT=file',
    );
  }
  const pairs = [
    ["LINE_CHANNEL_SECRET", "LINE_CHANNEL_ACCESS_TOKEN"],
    ["LINE_LOGIN_CHANNEL_ID", "LINE_LOGIN_CHANNEL_SECRET"],
  ] as const;
  for (const [a, b] of pairs) {
    if ((env[a] === undefined) !== (env[b] === undefined)) {
      const missing = env[a] === undefined ? a : b;
      problems.push(
        `Invalid configuration: ${missing} must be set together with ${missing === a ? b : a}`,
      );
    }
  }
  // A LIFF app lives in a LINE Login channel: its ID tokens are verified with that channel.
  if (env.LIFF_ID !== undefined && env.LINE_LOGIN_CHANNEL_ID === undefined) {
    problems.push(
      "Invalid configuration: LIFF_ID needs LINE_LOGIN_CHANNEL_ID and LINE_LOGIN_CHANNEL_SECRET (the LINE Login channel the LIFF app belongs to)",
    );
  }
  return problems;
}

/**
 * Parses the environment; every problem found is one line of the ConfigError's message (a bad
 * value and a missing choice are both reported, not only the first). `serving: false` is for
 * the CLI's database commands (migrate, seed, backup…): they send no mail and build no links,
 * so production's APP_ORIGIN and mail transport are not required of them.
 */
export function parseConfig(
  env: Record<string, string | undefined>,
  { serving = true }: { serving?: boolean } = {},
): Config {
  // An empty variable means "unset": operators often write `GTM_ID=` in .env files.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ""),
  ) as Record<string, string>;
  const result = configSchema.safeParse(cleaned);
  const problems = result.success ? [] : describeConfigError(result.error).split("\n");
  problems.push(...missingChoices(cleaned, serving));
  if (!result.success || problems.length) throw new ConfigError(problems.join("\n"));
  const parsed = result.data;
  if (parsed.DATABASE_URL?.startsWith("sqlite:")) {
    const file = sqliteFile(parsed.DATABASE_URL);
    if (!file) throw new ConfigError("Invalid configuration: DATABASE_URL names no SQLite file");
    parsed.SQLITE_PATH = file;
    parsed.DATABASE_URL = undefined;
  }
  return {
    ...parsed,
    APP_ORIGIN: parsed.APP_ORIGIN ?? DEFAULT_APP_ORIGIN,
    MAIL_TRANSPORT: parsed.MAIL_TRANSPORT ?? (parsed.SMTP_URL ? "smtp" : "file"),
    COOKIE_SECURE: parsed.COOKIE_SECURE ?? parsed.NODE_ENV === "production",
  };
}

/**
 * What a starting process says at every start about choices that are allowed but unsafe for
 * real members (one log line each).
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.NODE_ENV === "production" && config.MAIL_TRANSPORT === "file") {
    warnings.push(
      `MAIL_TRANSPORT is "file": no mail leaves this machine; each one is written to ${config.MAIL_DIR}. Set SMTP_URL for real members`,
    );
  }
  // LINE gives a LIFF app an id that starts with its channel's id; another channel's LIFF app
  // would send ID tokens this portal's channel refuses.
  if (
    config.LIFF_ID &&
    config.LINE_LOGIN_CHANNEL_ID &&
    !config.LIFF_ID.startsWith(`${config.LINE_LOGIN_CHANNEL_ID}-`)
  ) {
    warnings.push(
      `LIFF_ID ${config.LIFF_ID} does not start with LINE_LOGIN_CHANNEL_ID ${config.LINE_LOGIN_CHANNEL_ID}: add the LIFF app to the LINE Login channel, or LIFF sign-in will be refused`,
    );
  }
  return warnings;
}

/** The configuration of a CLI database command (see parseConfig's `serving`). */
export function cliConfig(): Config {
  return parseConfig(process.env, { serving: false });
}

/**
 * The configuration of a process that is starting (web server, bot): each wrong or missing
 * variable is said in one line on stderr and the process exits 1, without a stack trace.
 */
export function configOrExit(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + "\n");
      process.exit(1);
    }
    throw error;
  }
}
