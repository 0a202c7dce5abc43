/**
 * npm run bench:signin — a member signing in on a device they used before (a device cookie),
 * while each of the sign-in floods runs, against the same sign-ins with no flood, in one run.
 * Not a test: it prints figures (p50/p95/max of the member's sign-ins, and what the flood got).
 *
 * The portal's HTTP app (no Remix build: the tRPC endpoint only) listens on 127.0.0.1, on a
 * fresh SQLite file, with production's hash cost (NODE_ENV=production); attackers' addresses
 * come in X-Forwarded-For (TRUST_PROXY=1). The attacker runs in a worker thread, as from a
 * machine of its own (its requests are not built on the server's event loop). Each flood is
 * judged against the member's sign-ins with nothing running just before it (its "quiet" row),
 * so a load that changes during the run moves both. Every loop is bounded:
 *
 *   8 addresses   80 wrong passwords at once from 8 addresses
 *   80 addresses  80 wrong passwords at once from 80 fresh addresses
 *   shared        one address failing continuously, 4 at a time (about 15 a second when the
 *                 pool answers at once), 15 s at most; the member signs in from that address
 *   IPv6 /64      80 wrong passwords at once from 80 addresses of one /64
 *
 * The flood's guesses go round 1,000 accounts, so none reaches its new-device lockout and every
 * guess the pool admits is hashed. During a flood the member signs in BENCH_SIGNINS times, one
 * after another, from 0.2 s into it; the flood's rounds repeat until the member is done.
 *
 * Each flood runs twice, against the same app with and without the sign-in door at the HTTP
 * layer (server/auth/sign-in-door.ts), so the door is judged against its own baseline in one
 * run. Besides the member's figures, a flood row gives the server's event-loop time per flood
 * request answered (performance.eventLoopUtilization of the thread the app runs on, the
 * member's own few requests included): what one refused guess costs everyone else.
 *
 *   BENCH_SIGNINS   the member's sign-ins per phase (default 20)
 *   BENCH_FLOODS    which floods, comma-separated (default: eight,fresh,shared,prefix)
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { createDb } from "#db";
import { migrateToLatest } from "#db/migrate";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import { hashPassword } from "#server/auth/password";
import { DEVICE_COOKIE } from "#server/auth/device-cookie";
import { createApp } from "#server/app";
import { parseConfig } from "#server/config";
import { createLogger } from "#server/logger";

const SIGNINS = Number(process.env.BENCH_SIGNINS ?? 20);
const FLOODS = (process.env.BENCH_FLOODS ?? "eight,fresh,shared,prefix").split(",");
const PASSWORD = "Bench-password-1";

if (process.env.NODE_ENV !== "production") {
  console.error("Run through npm run bench:signin (NODE_ENV=production: production's hash cost).");
  process.exit(1);
}

/**
 * The attacker, in a worker thread (plain JavaScript: no loader there). Each round is a burst
 * sent at once and awaited; rounds repeat, 50 at most, until told to stop; it answers how
 * its guesses were answered. Guesses go round the target accounts.
 */
const FLOOD = `
const { workerData, parentPort } = require("node:worker_threads");
const { origin, pattern, targets, wrong } = workerData;
let stop = false;
parentPort.on("message", () => (stop = true));
let next = 0;
const target = () => "bench-target" + (next++ % targets) + "@example.com";
async function guess(ip) {
  const res = await fetch(origin + "/api/trpc/auth.login", {
    method: "POST",
    headers: { "content-type": "application/json", origin, "x-forwarded-for": ip },
    body: JSON.stringify({ email: target(), password: wrong }),
  });
  const body = await res.json();
  return (body.error && body.error.message) || "signedIn";
}
const sharedUntil = Date.now() + 15000;
function round(n) {
  const burst = (k, ip) => Array.from({ length: k }, (_, i) => guess(ip(i)));
  if (pattern === "eight") return burst(80, (i) => "10.50." + (i % 8) + ".1");
  if (pattern === "fresh") return burst(80, (i) => "10." + (60 + n) + "." + i + ".1");
  if (pattern === "shared") return Date.now() > sharedUntil ? [] : burst(4, () => "10.52.0.1");
  return burst(80, (i) => "2001:db8:6::" + (n * 80 + i + 1).toString(16));
}
(async () => {
  const keys = {};
  for (let n = 0; n < 50 && !stop; n++) {
    for (const key of await Promise.all(round(n))) keys[key] = (keys[key] || 0) + 1;
  }
  while (!stop) await new Promise((r) => setTimeout(r, 50));
  parentPort.postMessage(keys);
})();
`;

type Outcome = { status: number; ms: number; key: string; device: string | null };

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-signin-"));
  const sqlitePath = path.join(dir, "bench.sqlite");
  const db = createDb({ sqlitePath });
  const config = parseConfig({
    NODE_ENV: "production",
    SQLITE_PATH: sqlitePath,
    LOG_LEVEL: "silent",
    TRUST_PROXY: "1",
    COOKIE_SECURE: "false",
    APP_ORIGIN: "http://127.0.0.1",
    MAIL_TRANSPORT: "file",
    MAIL_DIR: path.join(dir, "mail"),
    DEVICE_COOKIE_SECRET: "bench-device-cookie-secret-0123456789abcdef",
  });
  const log = createLogger({ level: "silent" });
  /** The app with the sign-in door (as deployed) and without it, on two ports. */
  const servers = [true, false].map((door) =>
    createApp({ config, db, log, signInDoor: door }).listen(0, "127.0.0.1"),
  );
  await Promise.all(
    servers.map((s) => new Promise<void>((resolve) => s.once("listening", () => resolve()))),
  );
  const [withDoor, withoutDoor] = servers.map(
    (s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
  ) as [string, string];
  let origin = withDoor;
  try {
    await migrateToLatest(db);
    const hash = await hashPassword(PASSWORD);
    const email = (i: string) => `bench-${i}@example.com`;
    // Enough accounts that the flood's guesses stay under each one's new-device allowance: every
    // guess reaches the hash, the costliest flood (a locked account refuses before hashing).
    const TARGETS = 1000;
    for (const who of ["owner", ...Array.from({ length: TARGETS }, (_, i) => `target${i}`)]) {
      await db.kysely
        .insertInto("users")
        .values({
          id: newId(),
          email: email(who),
          password_hash: hash,
          name: "Bench",
          nickname: who,
          permission: "member",
          language: "ja",
          email_verified_at: nowDb(),
          created_at: nowDb(),
          updated_at: nowDb(),
        })
        .execute();
    }

    async function signIn(ip: string, who: string, password: string, device?: string | null) {
      const started = performance.now();
      const res = await fetch(`${origin}/api/trpc/auth.login`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin,
          "x-forwarded-for": ip,
          ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}),
        },
        body: JSON.stringify({ email: email(who), password }),
      });
      const body = (await res.json()) as { error?: { message?: string } };
      const ms = performance.now() - started;
      const set = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
      const value = set ? set.split(";")[0]!.slice(DEVICE_COOKIE.length + 1) : null;
      return { status: res.status, ms, key: body.error?.message ?? "signedIn", device: value };
    }

    const first = await signIn("192.0.2.10", "owner", PASSWORD);
    if (first.status !== 200 || !first.device) throw new Error(`no device cookie: ${first.key}`);
    const device = first.device;

    /** The member's sign-ins, one after another, from `ip` with the device cookie. */
    async function member(ip: string): Promise<Outcome[]> {
      const out: Outcome[] = [];
      for (let i = 0; i < SIGNINS; i++) out.push(await signIn(ip, "owner", PASSWORD, device));
      return out;
    }

    /**
     * Runs the flood `pattern` over and over (bounded) in a worker thread, as an attacker's
     * own machine would (its requests are not built on the server's event loop), until the
     * member's sign-ins are done; before it, the member's sign-ins with nothing running, the
     * baseline it is judged against.
     */
    async function during(name: string, memberIp: string, pattern: string): Promise<void> {
      origin = withDoor;
      report(`${name}, quiet`, await member(memberIp), {}, null, null);
      const both = [
        ["no door", withoutDoor],
        ["door", withDoor],
      ] as const;
      // Alternating which goes first, so a load that rises or falls during the run favours neither.
      for (const [label, server] of order++ % 2 === 0 ? both : [...both].reverse()) {
        origin = server;
        // Each flood starts from no counts, as the first would: no address already slowed down,
        // no target account closed to new devices by the flood before.
        await db.kysely.deleteFrom("attempt_limits").execute();
        await flooded(`${name}, ${label}`, memberIp, pattern);
      }
    }
    let order = 0;

    async function flooded(name: string, memberIp: string, pattern: string): Promise<void> {
      const loopBefore = performance.eventLoopUtilization();
      const flood = new Worker(FLOOD, {
        eval: true,
        workerData: { origin, pattern, targets: TARGETS, wrong: "Wrong-guess-1" },
      });
      const counted = new Promise<Record<string, number>>((resolve, reject) => {
        flood.once("message", resolve);
        flood.once("error", reject);
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const own = await member(memberIp);
      flood.postMessage("stop");
      const keys = await counted;
      const loop = performance.eventLoopUtilization(loopBefore);
      await flood.terminate();
      report(name, own, keys, quiet, loop.active);
    }

    let quiet = 0;
    function report(
      name: string,
      own: Outcome[],
      flood: Record<string, number>,
      baseline: number | null,
      loopMs: number | null,
    ) {
      const ms = own.map((o) => o.ms).sort((a, b) => a - b);
      const pick = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)]!;
      const refused = own.filter((o) => o.status !== 200).map((o) => o.key);
      const p95 = pick(0.95);
      if (baseline === null) quiet = p95;
      const total = Object.values(flood).reduce((a, b) => a + b, 0);
      console.log(
        `${name.padEnd(20)} p50 ${pick(0.5).toFixed(0).padStart(5)} ms  p95 ${p95
          .toFixed(0)
          .padStart(5)} ms${baseline === null ? "" : ` (+${(p95 - baseline).toFixed(0)})`}  max ${ms
          .at(-1)!
          .toFixed(0)
          .padStart(5)} ms  refused ${refused.length}/${own.length}${
          refused.length ? ` (${[...new Set(refused)].join(", ")})` : ""
        }${
          baseline === null
            ? ""
            : `  flood ${total}: ${
                Object.entries(flood)
                  .map(([k, n]) => `${k} ${n}`)
                  .join(", ") || "-"
              }`
        }${
          loopMs === null || total === 0
            ? ""
            : `  loop ${(loopMs / 1000).toFixed(1)} s, ${(loopMs / (total + own.length)).toFixed(2)} ms/request`
        }  load ${loadavg()[0]!.toFixed(1)}`,
      );
    }

    console.log(
      `load average at start: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    const floods = {
      eight: ["8 addresses", "10.50.0.1"],
      fresh: ["80 addresses", "10.51.200.1"],
      shared: ["shared", "10.52.0.1"],
      prefix: ["IPv6 /64", "2001:db8:5::1"],
    } as const;
    for (const pattern of FLOODS) {
      const [name, memberIp] = floods[pattern as keyof typeof floods];
      await during(name, memberIp, pattern);
    }
    console.log(
      `load average at end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    for (const server of servers) server.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
