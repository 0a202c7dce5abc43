import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { childEnv, freePort } from "../helpers/processes";

const ROOT = path.resolve(import.meta.dirname, "../..");
// An absolute loader, so a child may run from another working directory.
const TSX = pathToFileURL(path.join(ROOT, "node_modules/tsx/dist/loader.mjs")).href;

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "portal-startup-"));
  temps.push(dir);
  return dir;
}

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs an entry point the way production does, with only the variables given (plus PATH and
 * HOME), so the developer's own environment cannot change the outcome.
 */
function run(
  entry: string,
  env: Record<string, string>,
  cwd = ROOT,
  args: string[] = [],
  killAfterMs = 100_000,
): Run {
  const child = spawn(process.execPath, ["--import", TSX, path.join(ROOT, entry), ...args], {
    cwd,
    env: childEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      SQLITE_PATH: path.join(tempDir(), "portal.sqlite"),
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.setEncoding("utf8").on("data", (c: string) => (out += c));
  child.stderr?.setEncoding("utf8").on("data", (c: string) => (err += c));
  // Generous: tsx compiles the whole server graph on start, which is slow on a busy machine.
  const killer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal });
    }),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function waitForHealth(url: string, run: Run): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) {
      throw new Error(`exited early (${run.child.exitCode}): ${run.stderr()}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url}/healthz: ${run.stderr()}`);
}

async function expectOneLineConfigError(r: Run, variable: string) {
  const { code } = await r.exited;
  expect(code).toBe(1);
  const lines = r
    .stderr()
    .split("\n")
    .filter((l) => l.trim() !== "");
  expect(lines, r.stderr()).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${variable} \\S`));
  expect(r.stderr()).not.toMatch(/\bat .*:\d+:\d+/); // no stack frame
  expect(r.stderr()).not.toMatch(/ConfigError|ZodError/);
  expect(r.stdout()).toBe("");
}

/** A production start with every required choice made: mail as files, by name. */
const PRODUCTION = {
  NODE_ENV: "production",
  APP_ORIGIN: "http://127.0.0.1:3000",
  MAIL_TRANSPORT: "file",
} as const;

describe("start-up with a bad configuration", { timeout: 120_000 }, () => {
  it("server/http.ts stops on PORT=abc with one line naming PORT", async () => {
    await expectOneLineConfigError(run("server/http.ts", { PORT: "abc" }), "PORT");
  });

  it.each(["server/http.ts", "bot/main.ts"])(
    "%s in production stops without a database chosen, naming DATABASE_URL",
    async (entry) => {
      // The run's SQLITE_PATH is taken away: production must not fall back to a file.
      await expectOneLineConfigError(
        run(entry, { ...PRODUCTION, SQLITE_PATH: "" }),
        "DATABASE_URL",
      );
    },
  );

  it.each([
    ["server/http.ts", "APP_ORIGIN", { APP_ORIGIN: "" }],
    ["bot/main.ts", "APP_ORIGIN", { APP_ORIGIN: "" }],
    ["server/http.ts", "SMTP_URL", { MAIL_TRANSPORT: "" }],
    ["bot/main.ts", "SMTP_URL", { MAIL_TRANSPORT: "" }],
  ])("%s in production stops without %s, naming it", async (entry, variable, unset) => {
    await expectOneLineConfigError(run(entry, { ...PRODUCTION, ...unset }), variable);
  });

  it("server/http.ts in production says each missing choice on its own line", async () => {
    const r = run("server/http.ts", { NODE_ENV: "production", SQLITE_PATH: "" });
    expect((await r.exited).code).toBe(1);
    const lines = r.stderr().split("\n").filter(Boolean);
    expect(lines.map((l) => /^Invalid configuration: (\w+) /.exec(l)?.[1])).toEqual([
      "DATABASE_URL",
      "APP_ORIGIN",
      "SMTP_URL",
    ]);
    expect(r.stdout()).toBe("");
  });

  // The whole demo seed runs here: 33 s on a quiet machine, over 100 s beside the other forks on
  // a busy one, so it has a deadline of its own.
  it(
    "tools/cli.ts seed in production refuses without --demo, and warns with it",
    { timeout: 260_000 },
    async () => {
      // The CLI's database commands need no APP_ORIGIN or mail transport.
      const refused = run("tools/cli.ts", { NODE_ENV: "production" }, ROOT, ["seed"]);
      expect((await refused.exited).code).toBe(1);
      expect(refused.stderr()).toMatch(/^seed refused: NODE_ENV is production/);
      const demo = run(
        "tools/cli.ts",
        { NODE_ENV: "production" },
        ROOT,
        ["seed", "--demo"],
        240_000,
      );
      expect((await demo.exited).code, demo.stderr()).toBe(0);
      expect(demo.stderr()).toMatch(/^WARNING: loading the demo data with NODE_ENV=production/);
      expect(demo.stdout()).toContain("demo data ready");
    },
  );

  it("server/http.ts stops on DATABASE_URL=postgres://x with one line naming it", async () => {
    await expectOneLineConfigError(
      run("server/http.ts", { DATABASE_URL: "postgres://x" }),
      "DATABASE_URL",
    );
  });

  it("bot/main.ts stops on BOT_PORT=abc with one line naming BOT_PORT", async () => {
    await expectOneLineConfigError(run("bot/main.ts", { BOT_PORT: "abc" }), "BOT_PORT");
  });
});

describe("start and stop", { timeout: 120_000 }, () => {
  it("server/http.ts serves, then exits 0 on SIGTERM after closing the database", async () => {
    // A stand-in Remix build in a scratch working directory, so the test does not depend on
    // `npm run build`; /healthz and /readyz never reach Remix.
    const cwd = tempDir();
    mkdirSync(path.join(cwd, "build"));
    writeFileSync(
      path.join(cwd, "build", "index.js"),
      [
        'export const mode = "production";',
        "export const future = {};",
        'export const publicPath = "/build/";',
        'export const assetsBuildDirectory = "public/build";',
        "export const isSpaMode = false;",
        "export const entry = { module: { default: () => new Response('stub') } };",
        "export const routes = {};",
        'export const assets = { url: "/build/m.js", version: "stub", entry: { module: "/build/e.js", imports: [] }, routes: {} };',
      ].join("\n"),
    );
    const port = await freePort();
    const r = run(
      "server/http.ts",
      { PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info" },
      cwd,
    );
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, r);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: "sqlite" });

    r.child.kill("SIGTERM");
    const { code } = await r.exited;
    expect(code).toBe(0);
    const messages = r
      .stdout()
      .split("\n")
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(messages).toContain("migrations applied");
    expect(messages.some((m) => m.startsWith("shutting down"))).toBe(true);
    // The readiness request's own log line can land after "stopped" on a busy machine (seen on
    // MariaDB runs): it is the shutdown's order that matters here, not the request's.
    expect(messages.filter((m) => m !== "request completed").at(-1)).toBe("stopped");
    expect(r.stderr()).toBe("");
  });

  it("bot/main.ts serves its health checks, then exits 0 on SIGTERM", async () => {
    const port = await freePort();
    const r = run("bot/main.ts", { BOT_PORT: String(port), HOST: "127.0.0.1" });
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, r);
    // No LINE credentials here: up, but not ready to send, and it says why.
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "not-configured" });
    r.child.kill("SIGTERM");
    expect((await r.exited).code).toBe(0);
    expect(r.stderr()).toBe("");
  });
});

describe("start while the database is down", { timeout: 120_000 }, () => {
  it("server/http.ts waits answering /readyz 503, logs it, and exits 0 on SIGTERM", async () => {
    const port = await freePort();
    const nothing = await freePort(); // no database listens there
    const r = run("server/http.ts", {
      ...PRODUCTION,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      DATABASE_URL: `mysql://root@127.0.0.1:${nothing}/portal`,
    });
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, r);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "waiting-for-database", database: "mysql" });
    const messages = () =>
      r
        .stdout()
        .split("\n")
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { msg: string }).msg);
    // Mail files in production are allowed by name, and said at every start.
    expect(messages()[0]).toMatch(/^MAIL_TRANSPORT is "file": no mail leaves this machine/);
    expect(messages().filter((m) => m.startsWith("database unreachable"))[0]).toMatch(
      /ECONNREFUSED.*: waiting for it, \/readyz answers 503$/,
    );
    r.child.kill("SIGTERM");
    expect((await r.exited).code).toBe(0);
    expect(r.stderr()).toBe("");
  });
});
