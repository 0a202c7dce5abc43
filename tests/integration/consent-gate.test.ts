import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { appRouter, createCaller } from "#server/trpc/router";
import { csvResponse } from "#server/lib/csv";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, type Caller, createUser, makeContext } from "../helpers/fixtures";
import { publishInForce, RECONSENT_TERMS } from "../helpers/legal";
import { filesUnder } from "../helpers/source-files";

/**
 * Until a member agrees to the terms a new version asks them to agree to again, the server
 * itself refuses what would rest on them: every mutation of the member's procedures (money,
 * profile, payment details, factors), every export, and every form and download route of the
 * member area, whatever the page in the browser shows. Walked over the whole router and the
 * whole route folder, so a procedure or a route added later is checked without a list.
 */

const t = fileDatabase();
let admin: Caller;
let versions: { kind: "terms" | "privacy"; version: number }[];

interface ProcedureLike {
  _def: { type?: string; meta?: { role?: string; consent?: string } };
}

function memberProcedures(): [string, ProcedureLike][] {
  const all = Object.entries(appRouter._def.procedures as Record<string, unknown>);
  return (all as [string, ProcedureLike][]).filter(
    ([, p]) => p._def.meta?.role === "member" || p._def.meta?.role === "user",
  );
}

function resolve(caller: unknown, dotted: string): (input: unknown) => Promise<unknown> {
  let target = caller as Record<string, unknown>;
  for (const part of dotted.split(".")) target = target[part] as Record<string, unknown>;
  return target as unknown as (input: unknown) => Promise<unknown>;
}

/** The refusal key a call answered with, or null when it was not refused with one. */
async function keyOf(call: () => Promise<unknown>): Promise<string | null> {
  try {
    await call();
    return null;
  } catch (error) {
    const key = (error as { key?: unknown }).key;
    return typeof key === "string" ? key : null;
  }
}

/** A member and a caller of theirs, made after the version that asks was published. */
async function memberCaller(agreed: boolean) {
  const { id } = await createUser(t.db);
  if (agreed) {
    await (await callerFor(t.db, id)).legal.accept({ agree: "on", documents: versions });
  }
  return { id, caller: createCaller(await makeContext(t.db, id)) };
}

beforeAll(async () => {
  admin = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id);
  const published = await publishInForce(t.db, admin, RECONSENT_TERMS);
  versions = [{ kind: "terms", version: published.version }];
});

describe(`the terms gate in the server on ${testEngine}`, () => {
  it("refuses every member mutation and export until the member agrees; reading and agreeing stay open", async () => {
    const { caller } = await memberCaller(false);
    const problems: string[] = [];
    for (const [dotted, procedure] of memberProcedures()) {
      const call = resolve(caller, dotted);
      const open = procedure._def.meta?.consent === "open";
      const isExport = procedure._def.meta?.consent === "export";
      if (procedure._def.type === "mutation" || isExport) {
        const key = await keyOf(() => call(undefined));
        if (open && key === "consentRequired") problems.push(`${dotted}: refused, must stay open`);
        if (!open && key !== "consentRequired") problems.push(`${dotted}: answered ${key}`);
      } else {
        // A read of the member's own data stays open; the same read as a file does not.
        if ((await keyOf(() => call(undefined))) === "consentRequired")
          problems.push(`${dotted}: read refused`);
        const asFile = await keyOf(() => call({ export: true }));
        if (asFile !== "consentRequired") problems.push(`${dotted} as export: answered ${asFile}`);
      }
    }
    expect(problems).toEqual([]);
    // Agreeing is what the gate waits for, and it is open.
    await caller.legal.accept({ agree: "on", documents: versions });
  });

  it("money does not move: a withdrawal and a transfer are refused before anything is held", async () => {
    const { caller } = await memberCaller(false);
    const receiver = await createUser(t.db);
    const requestKey = "consent-gate-0123456789";
    expect(
      await keyOf(() =>
        caller.wallet.requestWithdrawal({ method: "bank", amount: 5_000, requestKey }),
      ),
    ).toBe("consentRequired");
    expect(
      await keyOf(() =>
        caller.wallet.requestTransfer({ email: receiver.email, amount: 5_000, requestKey }),
      ),
    ).toBe("consentRequired");
  });

  it("a member who agreed meets none of it", async () => {
    const { caller } = await memberCaller(true);
    const refused: string[] = [];
    for (const [dotted] of memberProcedures()) {
      if ((await keyOf(() => resolve(caller, dotted)(undefined))) === "consentRequired")
        refused.push(dotted);
    }
    expect(refused).toEqual([]);
  });
});

// ------------------------------------------------------------------ the member area's routes

const MEMBER_ROUTES = path.resolve(import.meta.dirname, "../../app/routes/users+");

/** Every route module under /users, relative to its folder. */
function routeFiles(): string[] {
  return filesUnder(MEMBER_ROUTES, /\.tsx?$/, /^__|\.server\.ts$/).map((full) =>
    path.relative(MEMBER_ROUTES, full),
  );
}

/** Resource routes run without the area's loader: each must gate by itself, or be a read. */
const resourceReads = new Set(["chat+/image.$id.ts", "mypage+/banks.ts", "mypage+/image.ts"]);

/** The one form of the area that stays open: the consent notice's own. */
const openActions = new Set(["consent.tsx"]);

type Handler = (args: {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string>;
}) => Promise<unknown>;

/** What a loader or action answered or threw, as a Response (anything else: rethrown). */
async function answer(handler: Handler, request: Request, context: AppLoadContext) {
  try {
    const result = await handler({ request, context, params: { id: "x", gachaId: "x" } });
    return result instanceof Response ? result : new Response(null, { status: 200 });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** A context whose caller is the member's real one, counting the mutations that went through. */
async function routeContext(memberId: string) {
  const ctx = await makeContext(t.db, memberId);
  const done: string[] = [];
  const mutations = new Set(
    memberProcedures()
      .filter(([, p]) => p._def.type === "mutation")
      .map(([dotted]) => dotted),
  );
  const counting = (target: unknown, dotted: string): unknown =>
    new Proxy(target as object, {
      get(inner, name) {
        const value = Reflect.get(inner, name) as unknown;
        const at = dotted ? `${dotted}.${String(name)}` : String(name);
        if (mutations.has(at) && typeof value === "function") {
          return async (input: unknown) => {
            const result = await (value as (i: unknown) => Promise<unknown>)(input);
            done.push(at);
            return result;
          };
        }
        return value && typeof value === "object" ? counting(value, at) : value;
      },
    });
  const context = {
    ...ctx,
    trpc: counting(createCaller(ctx), ""),
    csv: csvResponse,
    sessionEnded: null,
  } as unknown as AppLoadContext;
  return { context, done };
}

const toConsent = (response: Response) =>
  response.status === 302 && (response.headers.get("Location") ?? "").startsWith("/users/consent");

const form = (url: string, fields: Record<string, string>) =>
  new Request(url, { method: "POST", body: new URLSearchParams(fields) });

describe(`the member area's forms and downloads before consent on ${testEngine}`, () => {
  it("every download answers the consent notice, reads stay open, and no form changes anything", async () => {
    const { id } = await memberCaller(false);
    const { context, done } = await routeContext(id);
    const problems: string[] = [];
    for (const file of routeFiles()) {
      const url = `http://portal.test/users/${file.replace(/\.tsx?$/, "")}?year=2026`;
      const mod = (await import(path.join(MEMBER_ROUTES, file))) as {
        default?: unknown;
        loader?: Handler;
        action?: Handler;
      };
      if (!mod.default && mod.loader) {
        const response = await answer(mod.loader, new Request(url), context);
        if (resourceReads.has(file)) {
          if (toConsent(response)) problems.push(`${file}: a read sent to the notice`);
        } else if (!toConsent(response)) {
          problems.push(`${file}: download answered ${response.status}`);
        }
      }
      if (mod.action && !openActions.has(file)) {
        // An empty form: refused by the form's own schema or by the gate, never carried out.
        const response = await answer(mod.action, form(url, {}), context);
        if (!toConsent(response) && response.status !== 400) {
          problems.push(`${file}: form answered ${response.status}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(done).toEqual([]);
  });

  it("the withdrawal and transfer forms' own submissions answer the consent notice", async () => {
    const { id } = await memberCaller(false);
    const { context, done } = await routeContext(id);
    const receiver = await createUser(t.db);
    const withdraw = (await import("#app/routes/users+/withdraw+/new")).action as Handler;
    const transfer = (await import("#app/routes/users+/withdraw+/transfer")).action as Handler;
    const requestKey = "consent-gate-form-0123456789";
    const withdrawal = await answer(
      withdraw,
      form("http://portal.test/users/withdraw/new", { method: "bank", amount: "5000", requestKey }),
      context,
    );
    expect(withdrawal.headers.get("Location")).toBe(
      "/users/consent?redirect=%2Fusers%2Fwithdraw%2Fnew",
    );
    const sent = await answer(
      transfer,
      form("http://portal.test/users/withdraw/transfer", {
        email: receiver.email,
        amount: "5000",
        requestKey,
      }),
      context,
    );
    expect(toConsent(sent)).toBe(true);
    expect(done).toEqual([]);
  });
});
