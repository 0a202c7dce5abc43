/**
 * The cluster kit's portal side: the web processes' environment, signed-in members, money
 * forms sent as the browser sends them, and ledger:check. Used by tests/cluster/kit.ts.
 */
import { type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { type Db } from "../../db";
import { createSession } from "../../server/auth/session";
import { createUser } from "../helpers/fixtures";
import { fund, givePaymentDetails } from "../helpers/money";
import { childEnv } from "../helpers/processes";
import { run, ROOT, DIR, WEB_PORTS, ORIGIN, writerUrl, check, GaveUp, waitUntil } from "./cluster";

// ------------------------------------------------------------------------------- the portal

export function portalEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return childEnv({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATABASE_URL: writerUrl,
    RUN_MIGRATIONS: "false",
    APP_ORIGIN: ORIGIN,
    UPLOAD_DIR: path.join(DIR, "uploads"),
    MAIL_TRANSPORT: "file",
    MAIL_DIR: path.join(DIR, "mail"),
    DB_POOL_SIZE: "10",
    ...extra,
  });
}

export async function ready(url: string, child: ChildProcess) {
  await waitUntil(
    url,
    async () => {
      if (child.exitCode !== null) throw new GaveUp(`${url}: exited ${child.exitCode}`);
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      return true;
    },
    120_000,
  );
}

export async function ledgerCheck(label: string) {
  const result = await run(
    process.execPath,
    [path.join(ROOT, "build/server/cli.js"), "ledger:check"],
    { cwd: ROOT, env: portalEnv({}), timeoutMs: 180_000 },
  ).then(
    (r) => ({ ok: true, out: r.stdout.trim() }),
    (e: { stdout?: string; stderr?: string }) => ({
      ok: false,
      out: `${e.stdout ?? ""}${e.stderr ?? ""}`.trim().slice(0, 500),
    }),
  );
  check(`ledger:check after ${label}`, result.ok, result.out);
}

export interface Member {
  id: string;
  email: string;
  cookie: string;
}

export async function member(db: Db, yen: number): Promise<Member> {
  const m = await createUser(db);
  if (yen) await fund(db, m.id, yen);
  await givePaymentDetails(db, m.id);
  const { token } = await createSession(db, m.id);
  return { id: m.id, email: m.email, cookie: `sid=${token}` };
}

export interface Answer {
  status: number;
  key: string | null;
  startedMs: number;
  endedMs: number;
  setCookies: string[];
}

/** A money form sent as the browser's Remix form does it; 204 + X-Remix-Redirect is "done". */
/** The route ids (remix.config.js's route folders) of the forms the kit posts, by their path. */
const ROUTE_IDS = {
  "users.withdraw.new": "routes/users+/withdraw+/new",
  "users.withdraw.transfer": "routes/users+/withdraw+/transfer",
} as const;

export async function submit(
  web: number,
  route: keyof typeof ROUTE_IDS,
  who: Member,
  fields: Record<string, string>,
): Promise<Answer> {
  const startedMs = performance.now();
  let status = 0;
  let key: string | null = null;
  let setCookies: string[] = [];
  try {
    const res = await fetch(
      `http://127.0.0.1:${WEB_PORTS[web]}/${route.replaceAll(".", "/")}?_data=${encodeURIComponent(ROUTE_IDS[route])}`,
      {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: ORIGIN,
          "sec-fetch-site": "same-origin",
          cookie: who.cookie,
        },
        body: new URLSearchParams(fields),
        signal: AbortSignal.timeout(60_000),
      },
    );
    status = res.status;
    setCookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
    const text = await res.text();
    if (status !== 204) {
      try {
        key = (JSON.parse(text) as { error?: { key?: string } }).error?.key ?? text.slice(0, 80);
      } catch {
        key = text.slice(0, 80);
      }
    }
  } catch (error) {
    key = error instanceof Error ? error.message : String(error);
  }
  return { status, key, startedMs, endedMs: performance.now(), setCookies };
}

export const withdraw = (web: number, who: Member, amount: number, requestKey = randomUUID()) =>
  submit(web, "users.withdraw.new", who, { method: "bank", amount: String(amount), requestKey });

export function tally(answers: Answer[]) {
  const by: Record<string, number> = {};
  for (const a of answers) {
    const k = a.status === 204 ? "done" : `${a.status}${a.key ? ` ${a.key}` : ""}`;
    by[k] = (by[k] ?? 0) + 1;
  }
  return by;
}
