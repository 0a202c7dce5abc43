import { createRequire } from "node:module";
import pino, { type Logger } from "pino";
import type { Config } from "./config";

export type { Logger };

/**
 * Paths pino removes before anything is written. Secrets must never reach a log line:
 * passwords, tokens, one-time codes, cookies and authorization headers, at any of the
 * depths our code logs objects.
 */
const SECRET_KEYS = [
  "password",
  "passwordConfirm",
  "currentPassword",
  "newPassword",
  "passwordHash",
  "password_hash",
  "token",
  "tokenHash",
  "token_hash",
  // One-time codes go by these names; a bare `code` is left alone because database and
  // network errors carry their diagnosis there (ER_DUP_ENTRY, ECONNREFUSED).
  "otpCode",
  "mfaCode",
  "totp",
  "secret",
  "recoveryCode",
  "accessToken",
  "refreshToken",
  "idToken",
  "apiKey",
];

export const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  ...SECRET_KEYS.map((k) => `*.*.${k}`),
  "req.headers.cookie",
  "req.headers.authorization",
  "req.headers['x-line-signature']",
  "res.headers['set-cookie']",
  "headers.cookie",
  "headers.authorization",
];

/** Query parameters whose values are secrets (tokens in links from mails, OAuth codes). */
const SECRET_QUERY = /([?&](?:token|code|state|nonce|key|password)=)[^&#]*/gi;

/** A URL safe to log: secret query values replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, "$1[Redacted]");
}

export interface LoggerOptions {
  level?: string;
  pretty?: boolean;
  destination?: pino.DestinationStream;
}

/** True when pino-pretty (a dev dependency, absent from the production image) can be loaded. */
export function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

/**
 * A process's logger: JSON lines, or pretty lines when LOG_FORMAT=pretty (the demo) or, unset,
 * in development, and only where pino-pretty is installed; without it the lines stay JSON and
 * the first one says why.
 */
export function processLogger(
  config: Pick<Config, "LOG_LEVEL" | "LOG_FORMAT" | "NODE_ENV">,
  options: { prettyInstalled?: boolean; destination?: pino.DestinationStream } = {},
) {
  const wanted = config.LOG_FORMAT
    ? config.LOG_FORMAT === "pretty"
    : config.NODE_ENV === "development";
  const pretty = wanted && (options.prettyInstalled ?? prettyAvailable());
  const log = createLogger({
    level: config.LOG_LEVEL,
    pretty,
    destination: pretty ? undefined : options.destination,
  });
  if (wanted && !pretty) log.warn("pino-pretty is not installed: logging JSON lines");
  return log;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const base: pino.LoggerOptions = {
    level: options.level ?? "info",
    redact: { paths: REDACT_PATHS, censor: "[Redacted]" },
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (options.destination) return pino(base, options.destination);
  if (options.pretty) {
    return pino({
      ...base,
      transport: {
        target: "pino-pretty",
        // One line per entry, without the pid: the demo's terminal reads like a request log.
        options: { colorize: true, translateTime: "SYS:HH:MM:ss", singleLine: true, ignore: "pid" },
      },
    });
  }
  return pino(base);
}
