import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CheckResult, checkZone, runDoctor } from "#server/doctor";
import { createTestDb, testEngine, type TestDb } from "../helpers/db";
import { childEnv, freePort } from "../helpers/processes";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp";

/*
 * `cli.js doctor`: each check seen to pass, and each seen to fail, one line per check.
 */

const GOOD_TOKEN = "good-token-0123456789abcdef";
let t: TestDb;
let sink: SmtpSink;
let line: Server;
let lineUrl: string;
let dir: string;

beforeAll(async () => {
  t = await createTestDb();
  sink = await startSmtpSink();
  dir = mkdtempSync(path.join(tmpdir(), "portal-doctor-"));
  // LINE's bot-info endpoint: the bot for the good token, 401 for any other.
  line = createServer((req, res) => {
    if (req.url === "/v2/bot/info" && req.headers.authorization === `Bearer ${GOOD_TOKEN}`) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ basicId: "@123abcde", displayName: "CB Portal" }));
    } else {
      res
        .writeHead(401, { "content-type": "application/json" })
        .end('{"message":"Authentication failed"}');
    }
  });
  await new Promise<void>((resolve) => line.listen(0, "127.0.0.1", resolve));
  lineUrl = `http://127.0.0.1:${(line.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => line.close(() => resolve()));
  await sink.close();
  await t.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** A production configuration on the test's migrated database, every service reachable. */
function goodEnv(): Record<string, string> {
  const database: Record<string, string> =
    "databaseUrl" in t.location
      ? { DATABASE_URL: t.location.databaseUrl }
      : { SQLITE_PATH: t.location.sqlitePath };
  return {
    NODE_ENV: "production",
    APP_ORIGIN: "https://portal.example.jp",
    SMTP_URL: sink.url,
    UPLOAD_DIR: path.join(dir, "uploads"),
    LINE_CHANNEL_SECRET: "0123456789abcdef0123456789abcdef",
    LINE_CHANNEL_ACCESS_TOKEN: GOOD_TOKEN,
    LINE_API_BASE_URL: lineUrl,
    ...database,
  };
}

const outcomes = (results: CheckResult[]) =>
  Object.fromEntries(results.map((r) => [`${r.check}`, r.outcome]));
const find = (results: CheckResult[], check: string) => {
  const found = results.find((r) => r.check === check);
  if (!found) throw new Error(`no ${check} check in ${JSON.stringify(results)}`);
  return found;
};

describe(`cli.js doctor on ${testEngine}`, { timeout: 60_000 }, () => {
  it("passes every check of a good installation, and sends the test mail", async () => {
    const before = sink.messages.length;
    const results = await runDoctor(goodEnv(), { mailTo: "ops@example.jp" });
    expect(outcomes(results)).toEqual({
      config: "ok",
      database: "ok",
      migrations: "ok",
      mail: "ok",
      line: "ok",
      "line login": "skip",
      storage: "ok",
      "time zone": "ok",
      clock: "ok",
    });
    expect(find(results, "line").detail).toContain("CB Portal (@123abcde)");
    const mail = await sink.waitFor(before + 1);
    expect(mail.subject).toBe("【CBポータル】テストメール（doctor）");
    expect(mail.text).toContain("https://portal.example.jp");
  });

  it("fails the configuration, one line per problem, and still checks the rest", async () => {
    const results = await runDoctor({ ...goodEnv(), APP_ORIGIN: undefined, SMTP_URL: undefined });
    const config = results.filter((r) => r.check === "config");
    expect(config.map((r) => r.outcome)).toEqual(["FAIL", "FAIL"]);
    expect(config.map((r) => r.detail)).toEqual([
      expect.stringMatching(/^Invalid configuration: APP_ORIGIN is not set/),
      expect.stringMatching(/^Invalid configuration: SMTP_URL is not set/),
    ]);
    // The database is still chosen, so it is still checked.
    expect(find(results, "migrations").outcome).toBe("ok");
  });

  it("skips what a configuration with a bad value leaves unknown", async () => {
    const results = await runDoctor({ ...goodEnv(), PORT: "abc" });
    expect(find(results, "config")).toMatchObject({ outcome: "FAIL" });
    expect(find(results, "config").detail).toMatch(/^Invalid configuration: PORT /);
    expect(find(results, "database").outcome).toBe("skip");
  });

  it("fails a database that does not answer, and skips the clock", async () => {
    const closed = await freePort();
    const results = await runDoctor({
      ...goodEnv(),
      SQLITE_PATH: "",
      DATABASE_URL: `mysql://root@127.0.0.1:${closed}/portal`,
      READY_TIMEOUT_MS: "500",
    });
    expect(find(results, "database")).toMatchObject({ outcome: "FAIL" });
    expect(find(results, "database").detail).toMatch(/^not reachable: .*ECONNREFUSED/);
    expect(find(results, "clock").outcome).toBe("skip");
  });

  it("fails a database that was never migrated", async () => {
    const results = await runDoctor({
      ...goodEnv(),
      DATABASE_URL: "",
      SQLITE_PATH: path.join(dir, "empty.sqlite"),
    });
    expect(find(results, "database").outcome).toBe("ok");
    expect(find(results, "migrations")).toEqual({
      check: "migrations",
      outcome: "FAIL",
      detail: "the database is empty: run `cli.js migrate` or start the web process",
    });
  });

  it("fails mail when the SMTP server refuses, and when the test mail cannot be sent", async () => {
    const closed = `smtp://127.0.0.1:${await freePort()}`;
    const verify = await runDoctor({ ...goodEnv(), SMTP_URL: closed });
    expect(find(verify, "mail").outcome).toBe("FAIL");
    expect(find(verify, "mail").detail).toMatch(/^SMTP: .*ECONNREFUSED/);
    const send = await runDoctor({ ...goodEnv(), SMTP_URL: closed }, { mailTo: "ops@example.jp" });
    expect(find(send, "mail").detail).toMatch(/^test mail to ops@example.jp not sent: /);
  });

  it("warns about mail files and a worker without a LINE token, without failing", async () => {
    const results = await runDoctor({
      ...goodEnv(),
      SMTP_URL: "",
      MAIL_TRANSPORT: "file",
      MAIL_DIR: path.join(dir, "mail"),
      LINE_CHANNEL_SECRET: "",
      LINE_CHANNEL_ACCESS_TOKEN: "",
    });
    expect(find(results, "mail").outcome).toBe("warn");
    expect(find(results, "line")).toMatchObject({ outcome: "warn" });
    expect(results.filter((r) => r.outcome === "FAIL")).toEqual([]);
  });

  it("fails a LINE token that LINE refuses", async () => {
    const results = await runDoctor({
      ...goodEnv(),
      LINE_CHANNEL_ACCESS_TOKEN: "revoked-token-0123456789",
    });
    expect(find(results, "line")).toEqual({
      check: "line",
      outcome: "FAIL",
      detail: "LINE refused the access token: 401 (revoked, expired or mistyped)",
    });
  });

  it("fails storage the portal cannot write", async () => {
    const file = path.join(dir, "a-file");
    writeFileSync(file, "x");
    const results = await runDoctor({ ...goodEnv(), UPLOAD_DIR: path.join(file, "uploads") });
    expect(find(results, "storage").outcome).toBe("FAIL");
    expect(find(results, "storage").detail).toMatch(/^uploads: .* is not writable: ENOTDIR/);
  });

  it("fails a time zone this Node does not know", () => {
    expect(checkZone("Asia/Tokyo", Date.now()).outcome).toBe("ok");
    expect(checkZone("Mars/Olympus_Mons", Date.now())).toMatchObject({
      outcome: "FAIL",
      detail: expect.stringMatching(/^Mars\/Olympus_Mons is unknown to this Node/),
    });
  });

  it.runIf(testEngine === "mysql")("fails a clock a minute away from the database's", async () => {
    const results = await runDoctor(goodEnv(), { now: () => Date.now() + 60_000 });
    expect(find(results, "clock").outcome).toBe("FAIL");
    expect(find(results, "clock").detail).toMatch(
      /^this machine is 6\d\.\d s ahead of the database/,
    );
  });

  it("prints one line per check from the CLI and exits 1 when one fails", async () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const tsx = pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href;
    const child = spawn(
      process.execPath,
      ["--import", tsx, path.join(root, "tools/cli.ts"), "doctor"],
      {
        cwd: root,
        env: childEnv({
          ...goodEnv(),
          NODE_ENV: "production",
          LINE_CHANNEL_ACCESS_TOKEN: "bad-token-0123456789abc",
        }),
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (out += c));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    const lines = out.trim().split("\n");
    expect(code, out).toBe(1);
    expect(lines.slice(0, -1).every((l) => /^(ok {2}|warn|skip|FAIL) [a-z ]+: \S/.test(l))).toBe(
      true,
    );
    expect(lines.filter((l) => l.startsWith("FAIL"))).toEqual([
      "FAIL line: LINE refused the access token: 401 (revoked, expired or mistyped)",
    ]);
    expect(lines.at(-1)).toBe("1 check failed");
  });
});
