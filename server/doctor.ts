import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import nodemailer from "nodemailer";
import { createDb, type Db, within } from "#db";
import { migrationStatus } from "#db/migrate";
import { migrations } from "#db/migrations";
import { type Config, ConfigError, configWarnings, parseConfig } from "./config";
import { probeDatabase } from "./database-wait";
import { createMailer } from "./mail";
import { createLogger } from "./logger";
import { VERSION } from "./version";

/**
 * `cli.js doctor`: the first thing to run after an install or a change of configuration. Each
 * check prints one line — `ok`, `warn`, `skip` or `FAIL`, its name, what it found — and the
 * command exits 1 when any check failed, so scripts can gate on it. It applies no migration and
 * writes no row; it sends a test mail only when asked for one, writes a scratch file in each
 * storage folder and removes it (an SQLite file that does not exist yet is created empty, as
 * any start would).
 */

export type Outcome = "ok" | "warn" | "skip" | "FAIL";
export interface CheckResult {
  check: string;
  outcome: Outcome;
  detail: string;
}

export interface DoctorOptions {
  /** Send a test mail here (`--mail-to`); without it SMTP is only connected to. */
  mailTo?: string;
  /** The wall clock; tests move it to see the clock check fail. */
  now?: () => number;
  /** The zone the portal's calendar runs in (Japanese business days). */
  zone?: string;
}

/** Largest difference between this machine's clock and the database's that passes. */
export const MAX_CLOCK_SKEW_MS = 5_000;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function result(check: string, outcome: Outcome, detail: string): CheckResult {
  return { check, outcome, detail };
}

/** The configuration as a starting web process would read it; else as the CLI reads it. */
function readConfig(env: Record<string, string | undefined>): {
  results: CheckResult[];
  config: Config | null;
} {
  try {
    const config = parseConfig(env);
    const summary = [
      config.NODE_ENV,
      `origin ${config.APP_ORIGIN}`,
      config.DATABASE_URL ? "MySQL" : `SQLite ${config.SQLITE_PATH}`,
      `mail ${config.MAIL_TRANSPORT}`,
    ].join(", ");
    return {
      config,
      results: [
        result("config", "ok", summary),
        ...configWarnings(config).map((w) => result("config", "warn", w)),
      ],
    };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const results = error.message.split("\n").map((line) => result("config", "FAIL", line));
    // The database commands' reading may still name a database to check.
    try {
      return { results, config: parseConfig(env, { serving: false }) };
    } catch {
      return { results, config: null };
    }
  }
}

async function checkDatabase(db: Db, config: Config): Promise<CheckResult[]> {
  try {
    await probeDatabase(db, Math.max(config.READY_TIMEOUT_MS, 2_000));
  } catch (error) {
    return [result("database", "FAIL", `not reachable: ${message(error)}`)];
  }
  const where = db.engine === "mysql" ? `MySQL ${await serverVersion(db)}` : "SQLite";
  const reached = result("database", "ok", `${where} answers`);
  try {
    const { pending, ahead } = await migrationStatus(db);
    if (pending.length === Object.keys(migrations).length) {
      return [
        reached,
        result(
          "migrations",
          "FAIL",
          "the database is empty: run `cli.js migrate` or start the web process",
        ),
      ];
    }
    if (pending.length) {
      return [
        reached,
        result(
          "migrations",
          "FAIL",
          `${pending.length} not applied (${pending.join(", ")}): run \`cli.js migrate\` or start the web process`,
        ),
      ];
    }
    if (ahead.length) {
      return [
        reached,
        result("migrations", "warn", `up to date, plus a newer release's: ${ahead.join(", ")}`),
      ];
    }
    return [reached, result("migrations", "ok", `up to date for ${VERSION}`)];
  } catch (error) {
    return [reached, result("migrations", "FAIL", message(error))];
  }
}

async function serverVersion(db: Db): Promise<string> {
  const { rows } = await sql<{ v: string }>`select version() as v`.execute(db.kysely);
  return rows[0]?.v ?? "?";
}

async function checkMail(config: Config, mailTo: string | undefined): Promise<CheckResult> {
  if (mailTo) {
    try {
      const mailer = createMailer(config, createLogger({ level: "silent" }));
      await mailer.send({
        to: mailTo,
        language: "ja",
        template: "doctorTest",
        params: { origin: config.APP_ORIGIN, from: config.MAIL_FROM },
      });
      return config.MAIL_TRANSPORT === "smtp"
        ? result("mail", "ok", `test mail to ${mailTo} accepted by the SMTP server`)
        : result(
            "mail",
            "warn",
            `test mail to ${mailTo} written under ${config.MAIL_DIR} (MAIL_TRANSPORT=file: not sent)`,
          );
    } catch (error) {
      return result("mail", "FAIL", `test mail to ${mailTo} not sent: ${message(error)}`);
    }
  }
  if (config.MAIL_TRANSPORT === "file") {
    return result(
      "mail",
      "warn",
      `MAIL_TRANSPORT=file: mails are written under ${config.MAIL_DIR}, none is sent`,
    );
  }
  const transport = nodemailer.createTransport(config.SMTP_URL!);
  try {
    await within(transport.verify(), 15_000, "SMTP");
    return result(
      "mail",
      "ok",
      "the SMTP server accepts a connection and the login; send a test mail with --mail-to ADDRESS",
    );
  } catch (error) {
    return result("mail", "FAIL", `SMTP: ${message(error)}`);
  } finally {
    transport.close();
  }
}

/** The Messaging API token, asked about the bot it belongs to; LINE Login has no such probe. */
async function checkLine(config: Config): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const token = config.LINE_CHANNEL_ACCESS_TOKEN;
  if (!token) {
    results.push(
      result(
        "line",
        "warn",
        "LINE_CHANNEL_ACCESS_TOKEN is not set: the worker sends nothing and keeps LINE notifications pending",
      ),
    );
  } else {
    try {
      const res = await fetch(`${config.LINE_API_BASE_URL}/v2/bot/info`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(config.LINE_HTTP_TIMEOUT_MS),
      });
      if (res.ok) {
        const bot = (await res.json()) as { basicId?: string; displayName?: string };
        results.push(
          result(
            "line",
            "ok",
            `the access token belongs to ${bot.displayName ?? "?"} (${bot.basicId ?? "?"})`,
          ),
        );
      } else {
        results.push(
          result(
            "line",
            "FAIL",
            `LINE refused the access token: ${res.status}${res.status === 401 ? " (revoked, expired or mistyped)" : ""}`,
          ),
        );
      }
    } catch (error) {
      results.push(
        result(
          "line",
          "FAIL",
          `LINE not reachable at ${config.LINE_API_BASE_URL}: ${message(error)}`,
        ),
      );
    }
  }
  results.push(
    config.LINE_LOGIN_CHANNEL_ID
      ? result(
          "line login",
          "ok",
          `channel ${config.LINE_LOGIN_CHANNEL_ID} set (LINE checks its secret at a member's first link)`,
        )
      : result("line login", "skip", "not configured: members cannot link LINE"),
  );
  return results;
}

/** Each folder the portal writes: created if missing, a file written, read back and removed. */
function checkStorage(config: Config): CheckResult[] {
  const folders: [string, string][] = [["uploads", config.UPLOAD_DIR]];
  if (config.MAIL_TRANSPORT === "file") folders.push(["mail files", config.MAIL_DIR]);
  if (!config.DATABASE_URL) folders.push(["SQLite folder", path.dirname(config.SQLITE_PATH)]);
  return folders.map(([what, dir]) => {
    const file = path.join(path.resolve(dir), `.doctor-${process.pid}`);
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, "doctor\n");
      if (readFileSync(file, "utf8") !== "doctor\n") throw new Error("read back differently");
      rmSync(file);
      return result("storage", "ok", `${what}: ${path.resolve(dir)} is writable`);
    } catch (error) {
      return result(
        "storage",
        "FAIL",
        `${what}: ${path.resolve(dir)} is not writable: ${message(error)}`,
      );
    }
  });
}

/** The portal's calendar zone must be known to this Node, at +09:00. */
export function checkZone(zone: string, now: number): CheckResult {
  try {
    const offset = new Intl.DateTimeFormat("en", { timeZone: zone, timeZoneName: "longOffset" })
      .formatToParts(new Date(now))
      .find((p) => p.type === "timeZoneName")?.value;
    const tz = process.env.TZ ? `TZ=${process.env.TZ}` : "TZ unset";
    return offset === "GMT+09:00"
      ? result(
          "time zone",
          "ok",
          `${zone} is ${offset} (the process's own zone does not matter: ${tz})`,
        )
      : result(
          "time zone",
          "FAIL",
          `${zone} is ${offset ?? "unknown"} here, not GMT+09:00: this Node's time zone data is wrong`,
        );
  } catch (error) {
    return result(
      "time zone",
      "FAIL",
      `${zone} is unknown to this Node (${message(error)}): it needs full ICU`,
    );
  }
}

/** This machine's clock against the database's: dates of money and sessions come from both. */
async function checkClock(db: Db, now: () => number): Promise<CheckResult> {
  if (db.engine === "sqlite") {
    return result(
      "clock",
      "ok",
      `${new Date(now()).toISOString()} (SQLite shares this machine's clock)`,
    );
  }
  try {
    const before = now();
    const { rows } = await sql<{
      t: string;
    }>`select date_format(utc_timestamp(3), '%Y-%m-%dT%H:%i:%s.%fZ') as t`.execute(db.kysely);
    const mid = (before + now()) / 2;
    const skew = mid - Date.parse(String(rows[0]!.t).replace(/(\.\d{3})\d+Z$/, "$1Z"));
    const text = `this machine is ${(skew / 1000).toFixed(1)} s ${skew >= 0 ? "ahead of" : "behind"} the database`;
    return Math.abs(skew) <= MAX_CLOCK_SKEW_MS
      ? result("clock", "ok", text)
      : result(
          "clock",
          "FAIL",
          `${text} (more than ${MAX_CLOCK_SKEW_MS / 1000} s): run NTP on both`,
        );
  } catch (error) {
    return result("clock", "FAIL", `the database's clock could not be read: ${message(error)}`);
  }
}

/** Runs every check it can; a check whose input failed is skipped, saying why. */
export async function runDoctor(
  env: Record<string, string | undefined>,
  options: DoctorOptions = {},
): Promise<CheckResult[]> {
  const now = options.now ?? Date.now;
  const { results, config } = readConfig(env);
  if (!config) {
    results.push(result("database", "skip", "no database chosen by the configuration"));
    results.push(checkZone(options.zone ?? "Asia/Tokyo", now()));
    return results;
  }
  const db = createDb({
    databaseUrl: config.DATABASE_URL,
    sqlitePath: config.SQLITE_PATH,
    poolSize: 2,
  });
  try {
    const database = await checkDatabase(db, config);
    results.push(...database);
    const reachable = database[0]?.outcome === "ok";
    results.push(await checkMail(config, options.mailTo));
    results.push(...(await checkLine(config)));
    results.push(...checkStorage(config));
    results.push(checkZone(options.zone ?? "Asia/Tokyo", now()));
    results.push(
      reachable
        ? await checkClock(db, now)
        : result("clock", "skip", "the database is not reachable"),
    );
  } finally {
    await db.destroy();
  }
  return results;
}

/** One line per check, the outcome first, padded so the names line up. */
export function formatResult(r: CheckResult): string {
  return `${r.outcome.padEnd(4)} ${r.check}: ${r.detail}`;
}
