/**
 * The cluster kit's portal side: the web processes' environment, signed-in members, money
 * forms sent as the browser sends them, and ledger:check. Used by tests/cluster/kit.ts.
 */
import { type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { decode } from "turbo-stream";
import { type Db } from "#db";
import { createSession } from "#server/auth/session";
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
  /** The form went through: its action redirected (single fetch's 202 naming the next page). */
  done: boolean;
  key: string | null;
  startedMs: number;
  endedMs: number;
  setCookies: string[];
}

/** The forms the kit posts, by their path (dots for slashes). */
type FormRoute = "users.withdraw.new" | "users.withdraw.transfer";

/**
 * A money form sent as the browser's Remix form does it (single fetch: a POST to the page's
 * `.data` address); a 202 whose turbo-stream body names a redirect is "done", a refusal's body
 * carries the action's `{ ok: false, error }`.
 */
export async function submit(
  web: number,
  route: FormRoute,
  who: Member,
  fields: Record<string, string>,
): Promise<Answer> {
  const startedMs = performance.now();
  let status = 0;
  let done = false;
  let key: string | null = null;
  let setCookies: string[] = [];
  try {
    const res = await fetch(
      `http://127.0.0.1:${WEB_PORTS[web]}/${route.replaceAll(".", "/")}.data`,
      {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: ORIGIN,
          // Both web processes stand behind one address, which the proxy passes on: single
          // fetch refuses an action whose Origin is not the Host (or X-Forwarded-Host) it got.
          "x-forwarded-host": new URL(ORIGIN).host,
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
    const answer = await decoded(text);
    done = status === 202 && typeof answer?.redirect === "string";
    if (!done) key = answer?.data?.error?.key ?? answer?.error?.message ?? text.slice(0, 80);
  } catch (error) {
    key = error instanceof Error ? error.message : String(error);
  }
  return { status, done, key, startedMs, endedMs: performance.now(), setCookies };
}

/** A single fetch action's answer as its client reads it; null when it is not turbo-stream. */
async function decoded(text: string): Promise<{
  redirect?: unknown;
  data?: { error?: { key?: string } };
  error?: { message?: string };
} | null> {
  try {
    const body = new Blob([text]).stream();
    const result = await decode(body);
    await result.done;
    return (result.value ?? null) as Awaited<ReturnType<typeof decoded>>;
  } catch {
    return null;
  }
}

export const withdraw = (web: number, who: Member, amount: number, requestKey = randomUUID()) =>
  submit(web, "users.withdraw.new", who, { method: "bank", amount: String(amount), requestKey });

export function tally(answers: Answer[]) {
  const by: Record<string, number> = {};
  for (const a of answers) {
    const k = a.done ? "done" : `${a.status}${a.key ? ` ${a.key}` : ""}`;
    by[k] = (by[k] ?? 0) + 1;
  }
  return by;
}
