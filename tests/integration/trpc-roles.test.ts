import { createExpressMiddleware } from "@trpc/server/adapters/express";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createSession } from "#server/auth/session";
import { createApp } from "#server/app";
import { AppError } from "#server/errors";
import { createContext } from "#server/trpc/context";
import {
  adminProcedure,
  createCallerFactory,
  memberProcedure,
  publicProcedure,
  router,
} from "#server/trpc/init";
import { appRouter } from "#server/trpc/router";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { createUser, makeContext, silentLog, testConfig } from "../helpers/fixtures";
import { listen, type RunningServer } from "../helpers/http";

/**
 * Every procedure of the app, found by walking the router, so a procedure added later is
 * checked without anyone remembering to add it here.
 */

type Who = "anonymous" | "member" | "admin";
const WHO: Who[] = ["anonymous", "member", "admin"];

/**
 * What each role kind lets through; `null` means "allowed". "user" (anyone signed in, for their
 * own account security) joined the three original kinds (public, member, admin) with the auth capability.
 */
const EXPECTED: Record<string, Record<Who, "UNAUTHORIZED" | "FORBIDDEN" | null>> = {
  public: { anonymous: null, member: null, admin: null },
  member: { anonymous: "UNAUTHORIZED", member: null, admin: "FORBIDDEN" },
  admin: { anonymous: "UNAUTHORIZED", member: "FORBIDDEN", admin: null },
  user: { anonymous: "UNAUTHORIZED", member: null, admin: null },
};
const ROLE_ERROR_KEY = { UNAUTHORIZED: "loginRequired", FORBIDDEN: "forbidden" } as const;

interface ProcedureLike {
  _def: { type?: string; meta?: { role?: unknown } };
}
type AnyRouter = { _def: { procedures: Record<string, unknown> } };
type CallerFactory = (ctx: Awaited<ReturnType<typeof makeContext>>) => unknown;

function proceduresOf(r: AnyRouter): [string, ProcedureLike][] {
  return Object.entries(r._def.procedures) as [string, ProcedureLike][];
}

function resolve(caller: unknown, path: string): (input: unknown) => Promise<unknown> {
  let target = caller as Record<string, unknown>;
  for (const part of path.split(".")) target = target[part] as Record<string, unknown>;
  return target as unknown as (input: unknown) => Promise<unknown>;
}

/** The error code of a call, or null when it succeeded; the error itself for inspection. */
async function attempt(fn: () => Promise<unknown>) {
  try {
    await fn();
    return { code: null, error: null };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { code: typeof code === "string" ? code : "NON_TRPC_ERROR", error };
  }
}

const t = fileDatabase();
let memberId: string;
let adminId: string;

/**
 * Calls every procedure of `r` as each kind of person with an input of undefined and returns
 * every way the outcome differs from the procedure's declared role (empty when all is well).
 * A fresh session per call, so a procedure with side effects (logout) cannot spoil the next.
 */
async function audit(r: AnyRouter, factory: CallerFactory): Promise<string[]> {
  const problems: string[] = [];
  for (const [path, procedure] of proceduresOf(r)) {
    const role = procedure._def.meta?.role;
    if (typeof role !== "string" || !(role in EXPECTED)) {
      problems.push(`${path}: no known meta.role (got ${JSON.stringify(role)})`);
      continue;
    }
    if (procedure._def.type !== "query" && procedure._def.type !== "mutation") {
      problems.push(`${path}: unexpected procedure type ${String(procedure._def.type)}`);
      continue;
    }
    for (const who of WHO) {
      const userId = who === "member" ? memberId : who === "admin" ? adminId : undefined;
      const caller = factory(await makeContext(t.db, userId));
      const { code, error } = await attempt(() => resolve(caller, path)(undefined));
      const expected = EXPECTED[role]?.[who] ?? null;
      if (expected) {
        if (code !== expected) {
          problems.push(
            `${path} (${role}) as ${who}: expected ${expected}, got ${code ?? "success"}`,
          );
        } else if (!(error instanceof AppError) || error.key !== ROLE_ERROR_KEY[expected]) {
          problems.push(`${path} (${role}) as ${who}: ${expected} without the i18n key`);
        }
      } else if (code === "UNAUTHORIZED" || code === "FORBIDDEN") {
        // A service may refuse with its own reason (reauthRequired before an MFA change); that
        // is the domain speaking, not the role guard. A role-style refusal is a violation.
        const key = error instanceof AppError ? error.key : null;
        if (key === null || key === "loginRequired" || key === "forbidden") {
          problems.push(`${path} (${role}) as ${who}: refused with ${code}`);
        }
      }
    }
  }
  return problems;
}

/** `audit` of a real router, with its own caller factory. */
function auditRouter(r: Parameters<typeof createCallerFactory>[0]): Promise<string[]> {
  return audit(r as unknown as AnyRouter, createCallerFactory(r) as unknown as CallerFactory);
}

beforeAll(async () => {
  memberId = (await createUser(t.db)).id;
  adminId = (await createUser(t.db, { permission: "admin" })).id;
});

describe(`procedure roles on ${testEngine}`, () => {
  it("finds the app's procedures", () => {
    const paths = proceduresOf(appRouter as unknown as AnyRouter).map(([p]) => p);
    expect(paths).toContain("shell.viewer");
    expect(paths).toContain("profile.setLanguage");
  });

  it("every procedure declares a role and lets in exactly the people that role allows", async () => {
    expect(await auditRouter(appRouter)).toEqual([]);
  });

  describe("the audit itself, on probe procedures built from the real builders", () => {
    const probe = router({
      open: publicProcedure.query(() => "ok"),
      members: router({
        read: memberProcedure.query(() => "ok"),
        write: memberProcedure.input(z.object({ n: z.number() })).mutation(() => "ok"),
      }),
      admin: router({
        read: adminProcedure.meta({ role: "admin", permission: "settings" }).query(() => "ok"),
        write: adminProcedure
          .meta({ role: "admin", permission: "settings" })
          .input(z.object({ n: z.number() }))
          .mutation(() => "ok"),
      }),
    });

    it("passes procedures whose guards match their roles", async () => {
      expect(await auditRouter(probe)).toEqual([]);
    });

    it("guards before validating input, so a visitor learns nothing about the input", async () => {
      const caller = createCallerFactory(probe)(await makeContext(t.db));
      await expect(caller.members.write(undefined as never)).rejects.toMatchObject({
        code: "UNAUTHORIZED",
      });
      const member = createCallerFactory(probe)(await makeContext(t.db, memberId));
      await expect(member.members.write(undefined as never)).rejects.toMatchObject({
        code: "BAD_REQUEST",
      });
    });

    it("catches a procedure labelled member that has no guard", async () => {
      const mislabelled = router({
        leak: publicProcedure.meta({ role: "member" }).query(() => "secret"),
      });
      const problems = await auditRouter(mislabelled);
      expect(problems).toEqual([
        "leak (member) as anonymous: expected UNAUTHORIZED, got success",
        "leak (member) as admin: expected FORBIDDEN, got success",
      ]);
    });

    it("catches a public procedure that refuses visitors", async () => {
      const strict = router({ strict: memberProcedure.meta({ role: "public" }).query(() => 1) });
      const problems = await auditRouter(strict);
      expect(problems).toEqual([
        "strict (public) as anonymous: refused with UNAUTHORIZED",
        "strict (public) as admin: refused with FORBIDDEN",
      ]);
    });

    it("tells a domain refusal (its own i18n key) from a role refusal", async () => {
      const domain = router({
        reauth: memberProcedure.query(() => {
          throw new AppError("FORBIDDEN", "reauthRequired");
        }),
        plain: memberProcedure.query(() => {
          throw new AppError("FORBIDDEN", "forbidden");
        }),
      });
      expect(await auditRouter(domain)).toEqual([
        "plain (member) as member: refused with FORBIDDEN",
      ]);
    });

    it("catches a procedure without a role", async () => {
      const fake = { _def: { procedures: { bare: { _def: { type: "query" } } } } };
      const problems = await audit(fake, () => ({}));
      expect(problems).toEqual(["bare: no known meta.role (got undefined)"]);
    });
  });

  describe("role errors over HTTP carry their i18n key", () => {
    let app: RunningServer;
    let probeServer: RunningServer;
    let memberCookie: string;

    const probe = router({
      members: router({ read: memberProcedure.query(() => "ok") }),
      admin: router({
        write: adminProcedure.meta({ role: "admin", permission: "settings" }).mutation(() => "ok"),
      }),
    });

    beforeAll(async () => {
      app = await listen(createApp({ config: testConfig, db: t.db, log: silentLog }));
      const probeApp = express();
      probeApp.use(
        "/trpc",
        createExpressMiddleware({
          router: probe,
          createContext: ({ req }) =>
            createContext(
              { db: t.db, config: testConfig, log: silentLog },
              { url: req.originalUrl, headers: { get: (n) => req.get(n) ?? null } },
            ),
        }),
      );
      probeServer = await listen(probeApp);
      memberCookie = `sid=${(await createSession(t.db, memberId)).token}`;
    });
    afterAll(async () => {
      await app?.close();
      await probeServer?.close();
    });

    async function call(base: string, path: string, type: string, cookie?: string) {
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      const res =
        type === "query"
          ? await fetch(`${base}/${path}`, { headers })
          : await fetch(`${base}/${path}`, {
              method: "POST",
              headers: { ...headers, "Content-Type": "application/json" },
            });
      const body = (await res.json()) as {
        error?: { data?: { code?: string; i18nKey?: string | null } };
      };
      return { status: res.status, data: body.error?.data };
    }

    it("answers a visitor on a member procedure with 401 loginRequired", async () => {
      expect(await call(`${probeServer.url}/trpc`, "members.read", "query")).toEqual({
        status: 401,
        data: expect.objectContaining({ code: "UNAUTHORIZED", i18nKey: "loginRequired" }),
      });
    });

    it("answers a member on an admin procedure with 403 forbidden", async () => {
      expect(
        await call(`${probeServer.url}/trpc`, "admin.write", "mutation", memberCookie),
      ).toEqual({
        status: 403,
        data: expect.objectContaining({ code: "FORBIDDEN", i18nKey: "forbidden" }),
      });
    });

    it("answers a visitor on every guarded app procedure with 401 loginRequired", async () => {
      for (const [path, procedure] of proceduresOf(appRouter as unknown as AnyRouter)) {
        const role = String(procedure._def.meta?.role);
        if (EXPECTED[role]?.anonymous !== "UNAUTHORIZED") continue;
        const result = await call(`${app.url}/api/trpc`, path, procedure._def.type ?? "");
        expect(result, path).toEqual({
          status: 401,
          data: expect.objectContaining({ i18nKey: "loginRequired" }),
        });
      }
    });
  });
});
