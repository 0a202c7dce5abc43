/**
 * npm run bench:pages — the member pages against a minimal Remix page, in one run, and their
 * latency on the 100,000-member dataset. Not a test: it prints figures, and exits non-zero when
 * a ratio target is missed or a page does not answer 200.
 *
 *   npm run bench:seed -- --members 100000     # once: the large dataset (database `bench`)
 *   npm run bench:pages                        # builds what is missing, seeds the demo data
 *
 * 1. Ratios, on the demo data, in each configuration of database (MariaDB, the embedded SQLite)
 *    and encoding (gzip, Brotli): both servers answer in the configuration's encoding, so a
 *    ratio compares the pages and not the compression. It builds the portal (`npm run build`) unless build/ is there,
 *    and the minimal Remix app in bench/minimal (one route with a loader, built with the same
 *    compiler and future flags, served by express with the portal's own response compression)
 *    unless its build is newer than its sources. It seeds BENCH_DEMO_DATABASE_URL with the demo
 *    data when the demo member is not there (and BENCH_DEMO_SQLITE_PATH when the file is
 *    missing), starts both servers (the portal once per database), signs in as the demo member
 *    through the login form, opens their goal dialogs and popups once (as a browser's first
 *    visit does: they show once), and runs autocannon at BENCH_CONNECTIONS on each page, every page
 *    between two runs of the minimal page: a page's ratio is its requests/second over the mean
 *    of the minimal page's runs before and after it, so a load that moves during the run moves
 *    both; every page is measured in BENCH_ROUNDS rounds and its ratio is their median. Targets, in every configuration: the dashboard ≥ 0.25, the ranking (the lightest member
 *    page) ≥ 0.35. The
 *    portal's empty page (/bench/bare: the root loader and the shell, no data of its own) is
 *    measured the same way, for what the shell alone costs; it has no target. It also prints
 *    each server's CPU time per request (Linux, /proc) and the ratio of those: on a machine
 *    whose load is far above its cores, requests/second follow the scheduler, CPU per request
 *    much less (the database's CPU is not counted in it).
 * 2. Latency, on the large dataset (BENCH_DATABASE_URL; skipped with a note when it cannot sign
 *    in there): p50/p95/p99 and requests/second at BENCH_CONNECTIONS and with one connection
 *    (a request on its own), for the dashboard and the ranking (BENCH_PAGES=all: every page
 *    the earlier runs measured, admin lists included).
 *
 * Every request asks for a compressed answer, so the compression runs: `gzip, deflate, br` (a
 * browser's header: Brotli) or `gzip, deflate` (gzip); phase 2 asks as a browser does. The
 * load average is printed at the start and the end of each phase: other work on the machine
 * moves the absolute figures, the ratios much less.
 *
 *   BENCH_DEMO_DATABASE_URL  (default mysql://root@127.0.0.1:3306/bench_demo; made if missing)
 *   BENCH_DEMO_SQLITE_PATH   (default data/bench-demo.sqlite; seeded if missing)
 *   BENCH_ENGINES            the ratio phase's databases: `mysql`, `sqlite` or both (default)
 *   BENCH_ENCODINGS          the ratio phase's encodings: `gzip`, `br` or both (default)
 *   BENCH_DATABASE_URL       (default mysql://root@127.0.0.1:3306/bench)
 *   BENCH_DURATION           seconds per run (default 10)
 *   BENCH_WARMUP             seconds of unmeasured load on each server and page first (default 5)
 *   BENCH_ROUNDS             rounds of the ratio phase (default 3); a page's ratio is their median
 *   BENCH_CONNECTIONS        (default 10); BENCH_SERIAL_CONNECTIONS (default 1; 0 = skip)
 *   BENCH_PAGES              phase 2's pages: comma-separated names, or `all`
 *   BENCH_PORT               the portal's port (default 3300); the minimal page uses the next
 *   BENCH_PHASES             `ratios`, `latency` or both (default)
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { createConnection } from "mysql2/promise";
import { DEMO_MEMBER } from "../db/seed";
import { ACCEPT_FOR, type BenchEncoding, DURATION, type Run, run, WARMUP } from "./load";
import {
  BENCH_ADMIN_EMAIL,
  BENCH_ADMIN_TOTP_SECRET,
  BENCH_PASSWORD,
  benchMemberEmail,
} from "./seed";
import { signIn } from "../tests/helpers/http-session";

const ROOT = path.resolve(import.meta.dirname, "..");
const MINIMAL = path.join(ROOT, "bench/minimal");
const DEMO_DATABASE_URL =
  process.env.BENCH_DEMO_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/bench_demo";
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/bench";
const SQLITE_DEMO_PATH = path.resolve(
  ROOT,
  process.env.BENCH_DEMO_SQLITE_PATH ?? "data/bench-demo.sqlite",
);
type Engine = "mysql" | "sqlite";
const ENGINE_NAMES: Record<Engine, string> = { mysql: "MariaDB", sqlite: "SQLite" };
/** The ratio phase's databases and encodings (BENCH_ENGINES, BENCH_ENCODINGS). */
const ENGINES = (process.env.BENCH_ENGINES ?? "mysql,sqlite")
  .split(",")
  .map((s) => s.trim())
  .filter((s): s is Engine => s === "mysql" || s === "sqlite");
const ENCODINGS = (process.env.BENCH_ENCODINGS ?? "gzip,br")
  .split(",")
  .map((s) => s.trim())
  .filter((s): s is BenchEncoding => s === "gzip" || s === "br");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SERIAL = Number(process.env.BENCH_SERIAL_CONNECTIONS ?? 1);
const PORT = Number(process.env.BENCH_PORT ?? 3300);
/** Rounds of the ratio phase (BENCH_ROUNDS, default 3): each page's ratio is their median. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const PHASES = (process.env.BENCH_PHASES ?? "ratios,latency").split(",").map((s) => s.trim());
const ORIGIN = `http://127.0.0.1:${PORT}`;
const MINIMAL_ORIGIN = `http://127.0.0.1:${PORT + 1}`;

interface PageDef {
  name: string;
  path: string;
  who: "member" | "admin";
}

/** Phase 1: the pages measured against the minimal page, with their ratio targets. */
const RATIO_PAGES: (PageDef & { target: number | null })[] = [
  { name: "portal empty page", path: "/bench/bare", who: "member", target: null },
  { name: "dashboard", path: "/users", who: "member", target: 0.25 },
  { name: "ranking", path: "/users/ranking", who: "member", target: 0.35 },
];

/** Phase 2: the large dataset; the first two by default, all with BENCH_PAGES=all. */
const LATENCY_PAGES: PageDef[] = [
  { name: "dashboard", path: "/users", who: "member" },
  { name: "ranking", path: "/users/ranking", who: "member" },
  { name: "cashback first page", path: "/users/cashback", who: "member" },
  // A page past the end shows the last page (server/lib/paging.ts clampPage).
  { name: "cashback last page", path: "/users/cashback?page=1000000", who: "member" },
  { name: "withdraw", path: "/users/withdraw", who: "member" },
  { name: "affiliate", path: "/users/affiliate", who: "member" },
  { name: "admin cashback", path: "/admin/cashback", who: "admin" },
  { name: "admin customers", path: "/admin/customer", who: "admin" },
];

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

function newestFile(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** The portal's build unless it is there; the minimal app's unless it is newer than its code. */
function ensureBuilds() {
  // The empty page is a route only in a build made for the benchmark (remix.config.js).
  const serverBuild = path.join(ROOT, "build/index.js");
  if (
    !existsSync(path.join(ROOT, "build/server/http.js")) ||
    !existsSync(serverBuild) ||
    !readFileSync(serverBuild, "utf8").includes('"bench/bench.bare"')
  ) {
    console.log("building the portal with its benchmark page (npm run build)…");
    execFileSync("npm", ["run", "build"], {
      cwd: ROOT,
      env: { ...process.env, PORTAL_BENCH_BUILD: "1" },
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  const built = path.join(MINIMAL, "build/index.js");
  const sources = Math.max(
    newestFile(path.join(MINIMAL, "app")),
    statSync(path.join(MINIMAL, "remix.config.js")).mtimeMs,
  );
  if (!existsSync(built) || statSync(built).mtimeMs < sources) {
    console.log("building the minimal Remix page (bench/minimal)…");
    execFileSync(path.join(ROOT, "node_modules/.bin/remix"), ["build"], {
      cwd: MINIMAL,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
}

/** Seeds the demo data into its own database when the demo member is not there yet. */
async function ensureDemoData() {
  const url = new URL(DEMO_DATABASE_URL);
  const name = url.pathname.slice(1);
  if (!/^[A-Za-z0-9_]+$/.test(name) || name === "test")
    throw new Error("BENCH_DEMO_DATABASE_URL must name a database of its own (not `test`)");
  const server = new URL(DEMO_DATABASE_URL);
  server.pathname = "/";
  const connection = await createConnection(server.href);
  try {
    await connection.query(
      `CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`,
    );
    const [rows] = await connection.query(
      `SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ? AND table_name = 'users'`,
      [name],
    );
    const hasUsers = Number((rows as { n: number }[])[0]?.n) > 0;
    const [members] = hasUsers
      ? await connection.query(`SELECT id FROM \`${name}\`.users WHERE email = ?`, [
          DEMO_MEMBER.email,
        ])
      : [[]];
    if ((members as unknown[]).length > 0) return;
  } finally {
    await connection.end();
  }
  console.log(`seeding the demo data into ${name}…`);
  execFileSync(process.execPath, ["build/server/cli.js", "seed", "--demo"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: DEMO_DATABASE_URL },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Another server on the port would be measured in place of the one started (it happened). */
async function refuseTakenPort(origin: string) {
  const answered = await fetch(origin).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`${origin} already answers: stop what listens there first`);
}

async function waitReady(child: ChildProcess, origin: string, readyPath: string) {
  // A server starting on a loaded machine took more than a minute to load its modules.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      const res = await fetch(`${origin}${readyPath}`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${origin} did not become ready in 180 s`);
}

async function startPortal(databaseUrl: string): Promise<ChildProcess> {
  await refuseTakenPort(ORIGIN);
  const server = spawn(process.execPath, ["build/server/http.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      HOST: "127.0.0.1",
      PORT: String(PORT),
      APP_ORIGIN: ORIGIN,
      COOKIE_SECURE: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitReady(server, ORIGIN, "/readyz").catch((error: unknown) => {
    // Not left running on the port when it was too slow to start.
    server.kill("SIGTERM");
    throw error;
  });
  return server;
}

async function startMinimal(): Promise<ChildProcess> {
  await refuseTakenPort(MINIMAL_ORIGIN);
  const server = spawn(process.execPath, ["--import", "tsx", "bench/minimal/server.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(PORT + 1) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitReady(server, MINIMAL_ORIGIN, "/");
  return server;
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

/** Signs in through the login form, as a browser would; returns the session cookie. */
async function login(email: string, password: string): Promise<string> {
  // A sign-in hashes the password: on a machine loaded far past its cores one took longer than
  // the helper's 30 s, so it is tried three times before the run gives up.
  for (let attempt = 1; ; attempt++) {
    try {
      return await signIn(ORIGIN, email, password, BENCH_ADMIN_TOTP_SECRET);
    } catch (error) {
      if (attempt === 3 || !(error instanceof Error) || error.name !== "TimeoutError") throw error;
    }
  }
}

/** One tRPC call as the browser's client makes it (same origin, JSON body for a mutation). */
async function trpc(cookie: string, procedure: string, input?: unknown): Promise<unknown> {
  const res = await fetch(`${ORIGIN}/api/trpc/${procedure}`, {
    method: input === undefined ? "GET" : "POST",
    headers: {
      cookie,
      origin: ORIGIN,
      "sec-fetch-site": "same-origin",
      "content-type": "application/json",
    },
    body: input === undefined ? undefined : JSON.stringify(input),
  });
  if (!res.ok) throw new Error(`${procedure}: HTTP ${res.status}`);
  return ((await res.json()) as { result: { data: unknown } }).result.data;
}

/**
 * The demo member's reached goals and popups open once, as on their first visit in a browser
 * (the dialogs mark themselves shown): autocannon runs no JavaScript, so without this every
 * measured request would be a member's first page after a goal, each with its dialogs' reads.
 */
async function openModalsOnce(cookie: string): Promise<string> {
  const goals = (await trpc(cookie, "marathon.pending")) as { id: string }[];
  if (goals.length > 0) await trpc(cookie, "marathon.markShown", { ids: goals.map((g) => g.id) });
  let popups = 0;
  for (let popup = await trpc(cookie, "popups.next"); popup && popups < 50; popups++) {
    await trpc(cookie, "popups.markSeen", { id: (popup as { id: string }).id });
    popup = await trpc(cookie, "popups.next");
  }
  return `${goals.length} goal dialogs and ${popups} popups opened once first`;
}

const ms = (r: Run) => `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.p99.toFixed(1)}`;
const failed = (r: Run) => r.non2xx > 0 || r.errors > 0;

/** The embedded database's demo data (seeded into a file of its own when missing). */
async function ensureSqliteDemoData() {
  if (existsSync(SQLITE_DEMO_PATH)) return;
  console.log(`seeding the demo data into ${SQLITE_DEMO_PATH}…`);
  execFileSync(process.execPath, ["build/server/cli.js", "seed", "--demo"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: `sqlite:${SQLITE_DEMO_PATH}` },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function ratios(failures: string[]) {
  if (ENGINES.includes("mysql")) await ensureDemoData();
  if (ENGINES.includes("sqlite")) await ensureSqliteDemoData();
  const minimal = await startMinimal();
  type Row = { engine: Engine; encoding: BenchEncoding; page: (typeof RATIO_PAGES)[number] };
  const table: string[] = [];
  try {
    for (const engine of ENGINES) {
      const portal = await startPortal(
        engine === "mysql" ? DEMO_DATABASE_URL : `sqlite:${SQLITE_DEMO_PATH}`,
      );
      try {
        const member = [await login(DEMO_MEMBER.email, DEMO_MEMBER.password)];
        const shown = await openModalsOnce(member[0]!);
        for (const encoding of ENCODINGS) {
          const accept = ACCEPT_FOR[encoding];
          console.log(
            `\nratios on the demo data, ${ENGINE_NAMES[engine]}, ${encoding} (Accept-Encoding: ${accept}; ${shown}) — ${CONNECTIONS} connections, ${DURATION} s per run, load average ${load()} (${new Date().toISOString()})`,
          );
          // Both servers are warmed on every measured page first: a cold server runs its first
          // seconds unoptimised (the minimal page's first run was 337 req/s, its fourth 552),
          // and a ratio taken against a cold baseline flatters the pages measured early.
          if (WARMUP > 0) {
            await run(`${MINIMAL_ORIGIN}/`, [], CONNECTIONS, minimal, WARMUP, accept);
            for (const page of RATIO_PAGES) {
              await run(`${ORIGIN}${page.path}`, member, CONNECTIONS, portal, WARMUP, accept);
            }
          }
          const baseline = async () => {
            const r = await run(`${MINIMAL_ORIGIN}/`, [], CONNECTIONS, minimal, DURATION, accept);
            console.log(
              `  minimal Remix page       ${r.rps.toFixed(1).padStart(7)} req/s  ${r.cpu.toFixed(2).padStart(6)} ms CPU/request  p50/p95/p99 ${ms(r)} ms`,
            );
            if (failed(r)) failures.push(`minimal page: ${r.non2xx} non-2xx, ${r.errors} errors`);
            return r;
          };
          // Rounds of every page between runs of the minimal page. On two shared cores one
          // run's ratio moved by a third between runs of the same code (0.25 to 0.36 for the
          // dashboard), so each page's figure is the median of its rounds, with their range.
          type Measured = { r: Run; base: number; baseCpu: number };
          const measured = new Map<string, Measured[]>(RATIO_PAGES.map((p) => [p.name, []]));
          let before = await baseline();
          for (let round = 1; round <= ROUNDS; round++) {
            if (ROUNDS > 1) console.log(`  round ${round} of ${ROUNDS}`);
            for (const page of RATIO_PAGES) {
              const r = await run(
                `${ORIGIN}${page.path}`,
                member,
                CONNECTIONS,
                portal,
                DURATION,
                accept,
              );
              console.log(
                `  ${page.name.padEnd(24)} ${r.rps.toFixed(1).padStart(7)} req/s  ${r.cpu.toFixed(2).padStart(6)} ms CPU/request  p50/p95/p99 ${ms(r)} ms`,
              );
              const after = await baseline();
              measured.get(page.name)!.push({
                r,
                base: (before.rps + after.rps) / 2,
                baseCpu: (before.cpu + after.cpu) / 2,
              });
              before = after;
            }
          }
          for (const page of RATIO_PAGES)
            table.push(row({ engine, encoding, page }, measured.get(page.name)!, failures));
          table.push(`| | | | | | | | | | load average after: ${load()} |`);
        }
      } finally {
        await stop(portal);
      }
    }
  } finally {
    await stop(minimal);
  }
  console.log(
    `\n| database | encoding | page | path | req/s | minimal page req/s (mean of the runs around it) | ratio${ROUNDS > 1 ? ` (median of ${ROUNDS} rounds; range)` : ""} | target | server CPU ms/request (minimal page) | CPU ratio | ${CONNECTIONS} conn. p50 / p95 / p99 ms |\n|---|---|---|---|---:|---:|---:|---|---:|---:|---|`,
  );
  for (const line of table) console.log(line);

  function row(
    { engine, encoding, page }: Row,
    rounds: { r: Run; base: number; baseCpu: number }[],
    failures: string[],
  ): string {
    const ratios = rounds.map((m) => m.r.rps / m.base).sort((x, y) => x - y);
    const ratio = ratios[Math.floor(ratios.length / 2)]!;
    // The round whose ratio is the median gives the row's other figures.
    const { r, base, baseCpu } = rounds.find((m) => m.r.rps / m.base === ratio)!;
    const range =
      ratios.length > 1 ? ` (${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)})` : "";
    const problems: string[] = [];
    for (const m of rounds)
      if (failed(m.r)) problems.push(`${m.r.non2xx} non-2xx, ${m.r.errors} errors`);
    if (page.target !== null && ratio < page.target) problems.push(`ratio < ${page.target}`);
    if (problems.length)
      failures.push(`${page.name} (${ENGINE_NAMES[engine]}, ${encoding}): ${problems.join("; ")}`);
    return `| ${ENGINE_NAMES[engine]} | ${encoding} | ${page.name} | \`${page.path}\` | ${r.rps.toFixed(1)} | ${base.toFixed(1)} | ${ratio.toFixed(2)}${range} | ${page.target === null ? "–" : `≥ ${page.target}`}${problems.length ? ` **missed**` : ""} | ${r.cpu.toFixed(2)} (${baseCpu.toFixed(2)}) | ${(baseCpu / r.cpu).toFixed(2)} | ${ms(r)} |`;
  }
}

async function latency(failures: string[]) {
  const only = process.env.BENCH_PAGES?.split(",").map((s) => s.trim());
  const pages =
    only?.[0] === "all"
      ? LATENCY_PAGES
      : LATENCY_PAGES.filter((p) =>
          only ? only.includes(p.name) : p.name === "dashboard" || p.name === "ranking",
        );
  const portal = await startPortal(DATABASE_URL);
  try {
    let members: string[];
    let admin: string[];
    try {
      members = [];
      for (let i = 0; i < 5; i++) members.push(await login(benchMemberEmail(i), BENCH_PASSWORD));
      admin = pages.some((p) => p.who === "admin")
        ? [await login(BENCH_ADMIN_EMAIL, BENCH_PASSWORD)]
        : [];
    } catch (error) {
      console.log(
        `\nlatency on the large dataset skipped: ${error instanceof Error ? error.message : error} (run \`npm run bench:seed -- --members 100000\`, or set BENCH_DATABASE_URL)`,
      );
      return;
    }
    console.log(
      `\nlatency on ${new URL(DATABASE_URL).pathname.slice(1)} (the bench:seed dataset) — ${DURATION} s per run, load average ${load()} (${new Date().toISOString()})`,
    );
    console.log(
      `\n| page | path | ${CONNECTIONS} conn. p50 / p95 / p99 ms | req/s |${SERIAL > 0 ? ` ${SERIAL} conn. p50 / p95 / p99 ms |` : ""}\n|---|---|---|---:|${SERIAL > 0 ? "---|" : ""}`,
    );
    for (const page of pages) {
      const cookies = page.who === "admin" ? admin : members;
      const r = await run(`${ORIGIN}${page.path}`, cookies, CONNECTIONS, portal);
      const serial =
        SERIAL > 0 ? await run(`${ORIGIN}${page.path}`, cookies, SERIAL, portal) : null;
      console.log(
        `| ${page.name} | \`${page.path}\` | ${ms(r)} | ${r.rps.toFixed(1)} |${serial ? ` ${ms(serial)} |` : ""}`,
      );
      for (const x of [r, serial])
        if (x && failed(x)) failures.push(`${page.name}: ${x.non2xx} non-2xx, ${x.errors} errors`);
    }
    console.log(`load average after: ${load()}`);
  } finally {
    await stop(portal);
  }
}

async function main() {
  ensureBuilds();
  const failures: string[] = [];
  if (PHASES.includes("ratios")) await ratios(failures);
  if (PHASES.includes("latency")) await latency(failures);
  if (failures.length) {
    console.log(`\ntargets missed or pages failed:\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  } else console.log("\nevery target met");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
