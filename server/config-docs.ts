import { type ConfigName, configSchema, FEATURE_NAMES } from "./config";

/**
 * What each environment variable means, for the table in README.md (`npm run docs:config`
 * writes it; tests/unit/config-docs.test.ts fails when the README, .env.example and the schema
 * disagree). Defaults come from the schema itself; `shown` replaces one that depends on others.
 */
export const CONFIG_DOCS: Record<ConfigName, { about: string; shown?: string }> = {
  NODE_ENV: {
    about:
      "`development`, `production` or `test`. `npm start`, `npm run bot` and the image set `production`, which refuses to start without a database chosen (`DATABASE_URL` or `SQLITE_PATH`), `APP_ORIGIN` and a mail transport (`SMTP_URL` or `MAIL_TRANSPORT=file`)",
  },
  CONTACT_EMAIL: {
    about:
      "the address visitors write to: the footer's contact link for anyone not signed in (members use the chat)",
  },
  HOST: { about: "address the web server and the bot worker listen on" },
  PORT: { about: "web server port (`/healthz`, `/readyz`, `/metrics`)" },
  BOT_PORT: { about: "bot worker port (`/healthz`, `/readyz`, `/metrics`, the webhook)" },
  APP_ORIGIN: {
    about:
      "the origin people use; links in mails start with it, and state-changing requests from another origin are refused. Required in production",
    shown: "`http://localhost:3000` outside production",
  },
  DATABASE_URL: {
    about:
      "`mysql://user:pass@host:3306/db` selects MySQL/MariaDB; `sqlite:PATH` the embedded SQLite file at PATH. Unset: SQLite at `SQLITE_PATH`, except in production, which refuses to start",
  },
  DATABASE_READ_URL: {
    about:
      "`mysql://…` of a replica or another cluster node: the web server reads read-only lists and exports there (money, balances and the page right after a member's own write read `DATABASE_URL`); its own pool of `DB_POOL_SIZE`. Not used by the worker or the CLI",
  },
  SQLITE_PATH: {
    about:
      "the embedded SQLite file (created with its folder) when `DATABASE_URL` is not MySQL; in production it must be set by name to choose SQLite",
  },
  DB_POOL_SIZE: {
    about:
      "MySQL connections per pool of the web server (1–200; a second pool of the same size with `DATABASE_READ_URL`); the worker opens at most `BOT_CONCURRENCY` + 2 of them, the CLI 2",
  },
  LOG_LEVEL: { about: "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`" },
  LOG_FORMAT: {
    about:
      "`json` or `pretty`. Unset: pretty lines in development when `pino-pretty` (a dev dependency) is installed, JSON lines otherwise; `npm run demo` sets `pretty`",
    shown: "`pretty` in development, else `json`",
  },
  READY_TIMEOUT_MS: {
    about:
      "how long `/readyz` and the LINE webhook wait for the database before answering 503 / 500 (100–10000)",
  },
  METRICS_TOKEN: {
    about:
      "bearer token a Prometheus scrape of `/metrics` must send (16 characters or more); unset, `/metrics` answers 404 on both processes",
  },
  COOKIE_SECURE: {
    about: "Secure session cookies, HSTS and the CSP's `upgrade-insecure-requests`",
    shown: "`true` in production, else `false`",
  },
  TRUST_PROXY: { about: "reverse proxies to trust for `X-Forwarded-For` (0–10)" },
  SHUTDOWN_TIMEOUT_MS: {
    about: "after SIGTERM, how long in-flight requests may finish (0–120000)",
  },
  SESSION_IDLE_MINUTES_ADMIN: { about: "an admin's session ends after this long unused" },
  SESSION_IDLE_MINUTES_MEMBER: { about: "a member's session ends after this long unused" },
  SESSION_LIFETIME_DAYS: {
    about: "every session ends this long after sign-in, however active",
  },
  ACCOUNT_PERSONAL_RETENTION_DAYS: {
    about:
      "a closed account's personal data (nickname, email, payout details, images, second factors) is erased this many days after closing (30–3650; admins may reopen within 30)",
  },
  ACCOUNT_MONEY_RETENTION_YEARS: {
    about:
      "the name and withdrawal payout records kept with a closed account's money records are erased this many years after closing (7–20); ledger amounts stay",
  },
  DEVICE_COOKIE_SECRET: {
    about:
      "key (32 characters or more) that signs device cookies: a browser that signed in to an account before is limited per device, not by its address or the shared pool; unset, each process makes its own and devices are forgotten at a restart (set it in production, the same on every web process)",
  },
  BODY_LIMIT_BYTES: {
    about:
      "largest JSON or form body; past it 413 before the body is read (uploads have their own limits)",
  },
  WEBSITE_URL: {
    about: "the public website the header and sidebar link to (unset: the portal's /welcome)",
  },
  GTM_ID: {
    about: "Google Tag Manager container (`GTM-XXXXXXX`); unset loads no tag manager",
  },
  META_PIXEL_ID: {
    about: "Meta pixel id (digits); unset loads no pixel and logs a warning at start",
  },
  FEATURES: {
    about:
      "`name=on|off` pairs, comma-separated, e.g. `gacha=off,stores=on`; names not listed keep their default",
  },
  RUN_MIGRATIONS: {
    about: "apply pending migrations when the web server or the worker starts",
  },
  MAIL_TRANSPORT: {
    about:
      "`smtp` (through `SMTP_URL`) or `file` (each mail written to `MAIL_DIR`, its path logged; nothing reaches anyone). Production refuses to start without `SMTP_URL` or `MAIL_TRANSPORT=file`, and warns at every start with `file`",
    shown: "`smtp` when `SMTP_URL` is set, else `file` outside production",
  },
  SMTP_URL: {
    about:
      "`smtp://` or `smtps://` server for mail; required in production unless `MAIL_TRANSPORT=file`",
  },
  MAIL_FROM: { about: "sender of outgoing mail" },
  MAIL_DIR: { about: "where mails go with `MAIL_TRANSPORT=file`" },
  UPLOAD_DIR: {
    about:
      "uploaded files: members' profile images (private, served only through routes that check who asks) and broker art; back it up with the database, in Docker a volume",
  },
  LINE_CHANNEL_ID: {
    about: "the Messaging API channel's id (shown in the worker's start log)",
  },
  LINE_CHANNEL_SECRET: {
    about:
      "Messaging API channel secret (32 hex characters): the webhook's `x-line-signature` is checked with it; set together with the access token",
  },
  LINE_CHANNEL_ACCESS_TOKEN: {
    about:
      "long-lived channel access token for pushes; unset, the worker sends nothing, keeps notifications pending, says so in its log and answers `/readyz` 503",
  },
  LINE_BOT_BASIC_ID: {
    about:
      "the official account's basic id (`@123abcde`); the LINE page links to it for adding the account as a friend",
  },
  LINE_LOGIN_CHANNEL_ID: {
    about:
      "LINE Login channel id; with the secret, members sign in with LINE and link it (callback URLs `<APP_ORIGIN>/login/line/callback` and `<APP_ORIGIN>/users/line-callback`)",
  },
  LINE_LOGIN_CHANNEL_SECRET: { about: "LINE Login channel secret (32 hex characters)" },
  LINE_LOGIN_EMAIL: {
    about:
      "`true` once LINE granted the channel the email permission: sign-up with LINE then takes LINE's address instead of mailing a link",
  },
  LINE_LOGIN_ISSUER: {
    about: "the `iss` of LINE's ID tokens; tests point it at a local OpenID provider",
  },
  LIFF_ID: {
    about:
      "the LIFF app's id (`1234567890-AbcdEfgh`, in the LINE Login channel; endpoint URL `<APP_ORIGIN>/liff`); with the Messaging API token the worker installs the rich menu, and LINE members are signed in inside LINE; unset, `/liff` answers 404",
  },
  LINE_API_BASE_URL: {
    about:
      "Messaging API, LINE Login token endpoint and ID-token keys (`/oauth2/v2.1/certs`); tests point it at a stand-in",
  },
  LINE_LOGIN_BASE_URL: { about: "LINE Login's authorization page" },
  LINE_API_DATA_BASE_URL: {
    about: "the Messaging API's content host (the rich menu's image); tests point it at a stand-in",
  },
  LINE_HTTP_TIMEOUT_MS: { about: "time limit of one call to LINE (100–60000)" },
  BOT_WEBHOOK_PATH: { about: "where the worker takes LINE's webhooks on `BOT_PORT`" },
  BOT_POLL_INTERVAL_MS: {
    about: "how often an idle worker looks for due notifications (10–60000)",
  },
  BOT_BATCH_SIZE: { about: "notifications claimed at once (1–500)" },
  BOT_CONCURRENCY: { about: "pushes in parallel per worker (1–64)" },
  BOT_LEASE_MS: {
    about:
      "how long a claim lasts; rows of a worker that died are claimed again after it (keep above `LINE_HTTP_TIMEOUT_MS`)",
  },
  BOT_MAX_ATTEMPTS: {
    about: "attempts before a notification is given up, with the reason stored",
  },
  BOT_BACKOFF_BASE_MS: {
    about: "first wait after a 429 or 5xx; doubles per attempt, with jitter",
  },
  BOT_BACKOFF_MAX_MS: { about: "the longest wait between attempts" },
};

/** A variable's default as the schema gives it, written as an operator would set it. */
export function defaultOf(name: ConfigName): string {
  const shown = CONFIG_DOCS[name].shown;
  if (shown) return shown;
  const parsed = configSchema.shape[name].safeParse(undefined);
  const value: unknown = parsed.success ? parsed.data : undefined;
  if (value === undefined) return "unset";
  if (typeof value === "object" && value !== null) {
    const flags = value as Record<(typeof FEATURE_NAMES)[number], boolean>;
    return `\`${FEATURE_NAMES.map((f) => `${f}=${flags[f] ? "on" : "off"}`).join(",")}\``;
  }
  return `\`${String(value)}\``;
}

export const TABLE_START =
  "<!-- config table: npm run docs:config writes it from server/config.ts -->";
export const TABLE_END = "<!-- end of config table -->";

/** The README's configuration table, one row per variable in the schema's order. */
export function configTable(): string {
  const rows = (Object.keys(configSchema.shape) as ConfigName[]).map(
    (name) =>
      `| \`${name}\` | ${defaultOf(name)} | ${CONFIG_DOCS[name].about.replaceAll("|", "\\|")} |`,
  );
  return [
    TABLE_START,
    "| variable | default | meaning |",
    "|---|---|---|",
    ...rows,
    TABLE_END,
  ].join("\n");
}
