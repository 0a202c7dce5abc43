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

/** The spec's section 9 defaults. */
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

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  BOT_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  APP_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .default("http://localhost:3000")
    .transform((u) => new URL(u).origin),
  DATABASE_URL: z
    .string()
    .regex(/^mysql:\/\/.+/, 'must start with "mysql://" (leave it unset for the embedded SQLite)')
    .optional(),
  SQLITE_PATH: z.string().min(1).default("data/portal.sqlite"),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  COOKIE_SECURE: boolish.optional(),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  WEBSITE_URL: z.url({ protocol: /^https?$/ }).default("https://example.com/"),
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
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must start with "smtp://" or "smtps://"')
    .optional(),
  MAIL_FROM: z.string().min(3).default("CB Portal <no-reply@example.com>"),
  MAIL_DIR: z.string().min(1).default("data/mail"),
  UPLOAD_DIR: z.string().min(1).default("data/uploads"),
});

type Parsed = z.output<typeof schema>;
export type Config = Omit<Parsed, "COOKIE_SECURE"> & { COOKIE_SECURE: boolean };

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

export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "unset": operators often write `GTM_ID=` in .env files.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = schema.safeParse(cleaned);
  if (!result.success) throw new ConfigError(describeConfigError(result.error));
  const parsed = result.data;
  return {
    ...parsed,
    COOKIE_SECURE: parsed.COOKIE_SECURE ?? parsed.NODE_ENV === "production",
  };
}

let cached: Config | undefined;

/** The process-wide configuration, parsed on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
