/**
 * The page benchmark's servers and data: the builds it measures, the demo data in MariaDB and
 * SQLite, the portal and the minimal page started on their ports, and signing in to them. The
 * environment variables are the ones bench/pages.ts documents.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createConnection } from "mysql2/promise";
import { DEMO_MEMBER } from "#tools/seed";
import { BENCH_ADMIN_TOTP_SECRET } from "./seed";
import { signIn } from "../tests/helpers/http-session";

const ROOT = path.resolve(import.meta.dirname, "..");
const MINIMAL = path.join(ROOT, "bench/minimal");
export const DEMO_DATABASE_URL =
  process.env.BENCH_DEMO_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/bench_demo";
export const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/bench";
export const SQLITE_DEMO_PATH = path.resolve(
  ROOT,
  process.env.BENCH_DEMO_SQLITE_PATH ?? "data/bench-demo.sqlite",
);
const PORT = Number(process.env.BENCH_PORT ?? 3300);
export const ORIGIN = `http://127.0.0.1:${PORT}`;
export const MINIMAL_ORIGIN = `http://127.0.0.1:${PORT + 1}`;

function newestFile(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** The portal's build unless it is there; the minimal app's unless it is newer than its code. */
export function ensureBuilds() {
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
export async function ensureDemoData() {
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

export async function startPortal(databaseUrl: string): Promise<ChildProcess> {
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
      MAIL_TRANSPORT: "file",
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

export async function startMinimal(): Promise<ChildProcess> {
  await refuseTakenPort(MINIMAL_ORIGIN);
  const server = spawn(process.execPath, ["--import", "tsx", "bench/minimal/server.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(PORT + 1) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitReady(server, MINIMAL_ORIGIN, "/");
  return server;
}

export async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

/** Signs in through the login form, as a browser would; returns the session cookie. */
export async function login(email: string, password: string): Promise<string> {
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
export async function trpc(cookie: string, procedure: string, input?: unknown): Promise<unknown> {
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
export async function openModalsOnce(cookie: string): Promise<string> {
  const goals = (await trpc(cookie, "marathon.pending")) as { id: string }[];
  if (goals.length > 0) await trpc(cookie, "marathon.markShown", { ids: goals.map((g) => g.id) });
  let popups = 0;
  for (let popup = await trpc(cookie, "popups.next"); popup && popups < 50; popups++) {
    await trpc(cookie, "popups.markSeen", { id: (popup as { id: string }).id });
    popup = await trpc(cookie, "popups.next");
  }
  return `${goals.length} goal dialogs and ${popups} popups opened once first`;
}

/** The embedded database's demo data (seeded into a file of its own when missing). */
export async function ensureSqliteDemoData() {
  if (existsSync(SQLITE_DEMO_PATH)) return;
  console.log(`seeding the demo data into ${SQLITE_DEMO_PATH}…`);
  execFileSync(process.execPath, ["build/server/cli.js", "seed", "--demo"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: `sqlite:${SQLITE_DEMO_PATH}` },
    stdio: ["ignore", "ignore", "inherit"],
  });
}
