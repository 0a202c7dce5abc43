/**
 * npm run bench:pages — loads the pages members and admins open most, on the production server
 * against the bench dataset, and checks the targets. Not a test: it prints figures (and exits
 * non-zero when a target is missed or a page does not answer 200).
 *
 *   npm run build                                    # first: this script builds nothing
 *   npm run bench:seed -- --members 100000           # the dataset (database `bench`)
 *   npm run bench:pages
 *
 *   BENCH_DATABASE_URL  the dataset (default mysql://root@127.0.0.1:3306/bench)
 *   BENCH_DURATION      seconds per page (default 10); BENCH_CONNECTIONS (default 50)
 *   BENCH_SERIAL_CONNECTIONS  the second pass, for the pages' own latency (default 1; 0 = skip)
 *   BENCH_PAGES         comma-separated page names to run (default: all)
 *   BENCH_PORT          where the server listens (default 3300)
 *
 * It starts build/server/http.js (NODE_ENV=production) with BENCH_BARE_PAGE=1, which turns on
 * /bench/bare: a page with the same root loader and document as the others and no data of its
 * own, the baseline. It signs in through the real login form (POST /login, same-origin
 * headers) as five busy bench members (requests rotate over their sessions) and the bench admin
 * (no MFA), then runs autocannon on each page.
 *
 * Targets: p95 < 50 ms for member pages, < 150 ms for admin lists, and each member page's
 * requests/second at least 0.4 × the bare page's. At 50 connections a page's latency is mostly
 * its wait in the server's queue (latency ≈ connections / throughput), so a second pass with
 * one connection measures what a request itself costs; both are printed and checked.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import {
  BENCH_ADMIN_EMAIL,
  BENCH_ADMIN_TOTP_SECRET,
  BENCH_PASSWORD,
  benchMemberEmail,
} from "./seed";
import { timeStep, totpAt } from "../server/auth/totp";

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/bench";
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SERIAL = Number(process.env.BENCH_SERIAL_CONNECTIONS ?? 1);
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const MEMBERS = 5;

interface PageDef {
  name: string;
  path: string;
  who: "member" | "admin";
  /** p95 target in ms; null for the baseline. */
  p95: number | null;
}

const PAGES: PageDef[] = [
  { name: "bare", path: "/bench/bare", who: "member", p95: null },
  { name: "dashboard", path: "/users", who: "member", p95: 50 },
  { name: "cashback first page", path: "/users/cashback", who: "member", p95: 50 },
  // A page past the end shows the last page (server/lib/paging.ts clampPage).
  { name: "cashback last page", path: "/users/cashback?page=1000000", who: "member", p95: 50 },
  { name: "ranking", path: "/users/ranking", who: "member", p95: 50 },
  { name: "withdraw", path: "/users/withdraw", who: "member", p95: 50 },
  { name: "affiliate", path: "/users/affiliate", who: "member", p95: 50 },
  { name: "admin cashback", path: "/admin/cashback", who: "admin", p95: 150 },
  { name: "admin customers", path: "/admin/customer", who: "admin", p95: 150 },
];

async function waitReady(child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      const res = await fetch(`${ORIGIN}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not become ready in 60 s");
}

/** Signs in through the login form, as a browser would; returns the session cookie. */
async function login(email: string): Promise<string> {
  const res = await fetch(`${ORIGIN}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
      "sec-fetch-site": "same-origin",
    },
    body: new URLSearchParams({ email, password: BENCH_PASSWORD, redirect: "" }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  // The admin signs in with a second factor: the TOTP step, with the challenge cookie.
  const challenge = cookies.find((c) => c.startsWith("mfa_challenge="));
  if (challenge) return loginSecondStep(email, challenge);
  const sid = cookies.find((c) => c.startsWith("sid="));
  if (res.status !== 302 || !sid)
    throw new Error(`login as ${email} failed (HTTP ${res.status}): is the bench dataset seeded?`);
  return sid;
}

async function loginSecondStep(email: string, challenge: string): Promise<string> {
  const res = await fetch(`${ORIGIN}/login/mfa`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
      "sec-fetch-site": "same-origin",
      cookie: challenge,
    },
    body: new URLSearchParams({ code: totpAt(BENCH_ADMIN_TOTP_SECRET, timeStep()), redirect: "" }),
  });
  const sid = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("sid="));
  if (res.status !== 302 || !sid)
    throw new Error(`second factor for ${email} failed (HTTP ${res.status})`);
  return sid;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function run(page: PageDef, cookies: string[], connections: number) {
  // One request first, to fail clearly on a redirect or an error rather than measure it.
  const probe = await fetch(`${ORIGIN}${page.path}`, {
    redirect: "manual",
    headers: { cookie: cookies[0]! },
  });
  if (probe.status !== 200) throw new Error(`${page.path}: HTTP ${probe.status}`);
  await probe.arrayBuffer();

  let next = 0;
  const times: number[] = [];
  const instance = autocannon({
    url: `${ORIGIN}${page.path}`,
    connections,
    duration: DURATION,
    requests: [
      {
        method: "GET",
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          headers: { ...req.headers, cookie: cookies[next++ % cookies.length]! },
        }),
      },
    ],
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => {
    times.push(ms);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: result.requests.total / (result.duration || DURATION),
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main() {
  if (!existsSync("build/server/http.js") || !existsSync("build/index.js"))
    throw new Error("no build: run `npm run build` first");
  const only = process.env.BENCH_PAGES?.split(",").map((s) => s.trim());
  const pages = PAGES.filter((p) => !only || only.includes(p.name) || p.name === "bare");

  const server = spawn(process.execPath, ["build/server/http.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL,
      HOST: "127.0.0.1",
      PORT: String(PORT),
      APP_ORIGIN: ORIGIN,
      COOKIE_SECURE: "false",
      BENCH_BARE_PAGE: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitReady(server);
    const members: string[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await login(benchMemberEmail(i)));
    const admin = [await login(BENCH_ADMIN_EMAIL)];

    const load = loadavg().map((l) => l.toFixed(2));
    console.log(
      `bench:pages — ${CONNECTIONS} connections, ${DURATION} s per page, load average ${load.join(" ")} (${new Date().toISOString()})\n`,
    );
    type Run = Awaited<ReturnType<typeof run>>;
    const rows: { page: PageDef; r: Run; serial: Run | null }[] = [];
    const line = (name: string, r: Run) =>
      console.log(
        `  ${name.padEnd(30)} p50 ${r.p50.toFixed(1).padStart(7)}  p95 ${r.p95.toFixed(1).padStart(7)}  p99 ${r.p99.toFixed(1).padStart(7)} ms  ${r.rps.toFixed(1).padStart(7)} req/s`,
      );
    for (const page of pages) {
      const cookies = page.who === "admin" ? admin : members;
      const r = await run(page, cookies, CONNECTIONS);
      line(`${page.name} ×${CONNECTIONS}`, r);
      const serial = SERIAL > 0 ? await run(page, cookies, SERIAL) : null;
      if (serial) line(`${page.name} ×${SERIAL}`, serial);
      rows.push({ page, r, serial });
    }
    // The machine's load moves during a run: the bare page is measured again at the end and the
    // ratios use the mean of both runs.
    const bareDef = PAGES.find((p) => p.name === "bare")!;
    const bareAgain = await run(bareDef, members, CONNECTIONS);
    line(`bare again ×${CONNECTIONS}`, bareAgain);
    const bare = (rows.find((x) => x.page.name === "bare")!.r.rps + bareAgain.rps) / 2;
    console.log(`\nbare throughput for the ratios: ${bare.toFixed(1)} req/s (mean of both runs)`);
    const failures: string[] = [];
    console.log(
      `\n| page | path | ${CONNECTIONS} conn. p50 / p95 / p99 ms | req/s | × bare |${SERIAL > 0 ? ` ${SERIAL} conn. p50 / p95 / p99 ms |` : ""} target | result |\n|---|---|---|---:|---:|${SERIAL > 0 ? "---|" : ""}---|---|`,
    );
    const ms = (r: Run) => `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.p99.toFixed(1)}`;
    for (const { page, r, serial } of rows) {
      const ratio = r.rps / bare;
      const problems: string[] = [];
      for (const x of [r, serial]) {
        if (x && (x.non2xx > 0 || x.errors > 0))
          problems.push(`${x.non2xx} non-2xx, ${x.errors} errors`);
      }
      if (page.p95 !== null && r.p95 >= page.p95)
        problems.push(`p95 at ${CONNECTIONS} conn. ≥ ${page.p95} ms`);
      if (page.p95 !== null && serial && serial.p95 >= page.p95)
        problems.push(`p95 at ${SERIAL} conn. ≥ ${page.p95} ms`);
      if (page.who === "member" && page.p95 !== null && ratio < 0.4) problems.push("< 0.4 × bare");
      const target =
        page.p95 === null
          ? "baseline"
          : `p95 < ${page.p95} ms${page.who === "member" ? ", ≥ 0.4 × bare" : ""}`;
      console.log(
        `| ${page.name} | \`${page.path}\` | ${ms(r)} | ${r.rps.toFixed(1)} | ${page.who === "member" ? ratio.toFixed(2) : "–"} |${serial ? ` ${ms(serial)} |` : ""} ${target} | ${problems.length ? `missed: ${problems.join("; ")}` : "ok"} |`,
      );
      if (problems.length) failures.push(`${page.name}: ${problems.join("; ")}`);
    }
    console.log(
      `\nload average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    if (failures.length) {
      console.log(`\ntargets missed:\n  ${failures.join("\n  ")}`);
      process.exitCode = 1;
    } else console.log("\nevery target met");
  } finally {
    server.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
