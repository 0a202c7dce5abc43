/**
 * npm run bench:signin — a member signing in on a device they used before (a device cookie),
 * while each of the sign-in floods runs, against the same sign-ins with no flood, in one run.
 * Not a test: it prints figures (p50/p95/max of the member's sign-ins, and what the flood got).
 *
 * The portal's HTTP app (no Remix build: the tRPC endpoint only) listens on 127.0.0.1, on a
 * fresh SQLite file, with production's hash cost (NODE_ENV=production); attackers' addresses
 * come in X-Forwarded-For (TRUST_PROXY=1). Every loop is bounded:
 *
 *   baseline      BENCH_SIGNINS known-device sign-ins, one after another, nothing else running
 *   8 addresses   80 wrong passwords at once from 8 addresses
 *   80 addresses  80 wrong passwords at once from 80 fresh addresses
 *   shared        one address failing continuously, 4 at a time, 15 s at most; the member
 *                 signs in from that same address
 *   IPv6 /64      80 wrong passwords at once from 80 addresses of one /64
 *
 * The flood's guesses go round 1,000 accounts, so none reaches its new-device lockout and every
 * guess the pool admits is hashed. During a flood the member signs in BENCH_SIGNINS times, one after another, from the start
 * of the flood; the flood's rounds repeat until the member is done.
 *
 *   BENCH_SIGNINS   the member's sign-ins per phase (default 10)
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createDb } from "../db";
import { migrateToLatest } from "../db/migrate";
import { newId } from "../db/id";
import { nowDb } from "../db/time";
import { hashPassword } from "../server/auth/password";
import { DEVICE_COOKIE } from "../server/auth/device-cookie";
import { createApp } from "../server/app";
import { parseConfig } from "../server/config";
import { createLogger } from "../server/logger";

const SIGNINS = Number(process.env.BENCH_SIGNINS ?? 10);
const PASSWORD = "Bench-password-1";

if (process.env.NODE_ENV !== "production") {
  console.error("Run through npm run bench:signin (NODE_ENV=production: production's hash cost).");
  process.exit(1);
}

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
    DEVICE_COOKIE_SECRET: "bench-device-cookie-secret-0123456789abcdef",
  });
  const server = createApp({ config, db, log: createLogger({ level: "silent" }) }).listen(
    0,
    "127.0.0.1",
  );
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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

    /** Runs `round` over and over (bounded) until the member's sign-ins are done. */
    async function during(
      name: string,
      memberIp: string,
      round: (n: number) => Promise<Outcome>[],
    ): Promise<void> {
      let done = false;
      const flood: Outcome[] = [];
      const attack = (async () => {
        for (let n = 0; n < 50 && !done; n++) flood.push(...(await Promise.all(round(n))));
      })();
      const own = await member(memberIp);
      done = true;
      await attack;
      report(name, own, flood);
    }

    let next = 0;
    /** The next target account, round the pool. */
    const target = () => `target${next++ % TARGETS}`;

    const rows: string[] = [];
    let baselineP95 = 0;
    function report(name: string, own: Outcome[], flood: Outcome[]) {
      const ms = own.map((o) => o.ms).sort((a, b) => a - b);
      const pick = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)]!;
      const refused = own.filter((o) => o.status !== 200).map((o) => o.key);
      const keys = new Map<string, number>();
      for (const o of flood) keys.set(o.key, (keys.get(o.key) ?? 0) + 1);
      const p95 = pick(0.95);
      if (!baselineP95) baselineP95 = p95;
      rows.push(
        `${name.padEnd(13)} p50 ${pick(0.5).toFixed(0).padStart(5)} ms  p95 ${p95
          .toFixed(0)
          .padStart(5)} ms (+${(p95 - baselineP95).toFixed(0)})  max ${ms
          .at(-1)!
          .toFixed(0)
          .padStart(5)} ms  refused ${refused.length}/${own.length}${
          refused.length ? ` (${[...new Set(refused)].join(", ")})` : ""
        }  flood ${flood.length}: ${[...keys].map(([k, n]) => `${k} ${n}`).join(", ") || "-"}`,
      );
      console.log(rows.at(-1));
    }

    console.log(
      `load average at start: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    report("baseline", await member("192.0.2.10"), []);
    const wrong = "Wrong-guess-1";
    await during("8 addresses", "10.50.0.1", () =>
      Array.from({ length: 80 }, (_, i) => signIn(`10.50.${i % 8}.1`, target(), wrong)),
    );
    await during("80 addresses", "10.51.200.1", (n) =>
      Array.from({ length: 80 }, (_, i) => signIn(`10.${60 + n}.${i}.1`, target(), wrong)),
    );
    const sharedUntil = Date.now() + 15_000;
    await during("shared", "10.52.0.1", () =>
      Date.now() > sharedUntil
        ? []
        : Array.from({ length: 4 }, () => signIn("10.52.0.1", target(), wrong)),
    );
    await during("IPv6 /64", "2001:db8:5::1", (n) =>
      Array.from({ length: 80 }, (_, i) =>
        signIn(`2001:db8:6::${(n * 80 + i + 1).toString(16)}`, target(), wrong),
      ),
    );
    console.log(
      `load average at end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    server.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
