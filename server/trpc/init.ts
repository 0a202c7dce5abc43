import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError, ZodRealError, z } from "zod";
import type { Db } from "#db";
import { adminAccessOf, refuseWithoutPermission } from "../auth/admin-access";
import type { Permission } from "../auth/permissions";
import { adminMustEnrol } from "../auth/second-factor";
import type { CurrentSession } from "../auth/session";
import { findUnsafeText } from "../domain/text";
import { isDatabaseUnavailable } from "#db/dialect";
import type { FeatureName } from "../config";
import { AppError, busyTryAgain, forbidden, loginRequired, notFound } from "../errors";
import type { Context } from "./context";
import { withAuditOrigin } from "../audit";
import { forgetPublicData } from "../lib/public-data";

/**
 * public: anyone; member: a signed-in member (admins are kept to /admin); admin: a signed-in
 * admin; user: anyone signed in, for their own account's security (both roles need MFA).
 */
export type Role = "public" | "member" | "admin" | "user";
export interface Meta {
  role: Role;
  /** Open to an admin who has no second factor yet (the enrolment steps and what they need). */
  enrolment?: true;
  /**
   * Before a member has agreed to the current terms (consentRefusal): "open" answers anyway
   * (agreeing itself); "export" is refused like a mutation though it is a query (a download).
   */
  consent?: "open" | "export";
  /**
   * What an admin procedure needs: its permission, held at "view" for a query
   * and at "act" for a mutation or a query marked `acts`. An admin procedure declares either
   * this or `everyAdmin`; one with neither is refused to everyone.
   */
  permission?: Permission;
  /** A query that hands something over (a file download): it needs "act", like a mutation. */
  acts?: true;
  /** Open to every active admin whatever their role; it shows each only what they may do. */
  everyAdmin?: true;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      const zodError = cause instanceof ZodError ? cause : null;
      return {
        ...shape,
        // Internal messages never reach the browser; the key is what the UI translates.
        message: error.code === "INTERNAL_SERVER_ERROR" ? "internal" : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          i18nKey:
            error instanceof AppError
              ? error.key
              : zodError
                ? "validation"
                : error.code === "INTERNAL_SERVER_ERROR"
                  ? "internal"
                  : null,
          params: error instanceof AppError ? (error.params ?? null) : null,
          fieldErrors: zodError ? z.flattenError(zodError).fieldErrors : null,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Every procedure refuses input text with control, bidirectional-override or invisible
 * characters, and name fields (by key) anything that does not show on one line
 * (server/domain/text), before its own schema runs: one check, so no name, title or
 * message field is forgotten, and the field gets a validation error like any other. It runs
 * after the role guard, which answers first whatever the input.
 */
const plainTextInput = t.middleware(async ({ getRawInput, next }) => {
  let raw: unknown;
  try {
    raw = await getRawInput();
  } catch {
    return next(); // unreadable input: the procedure's own parser says so
  }
  const unsafe = findUnsafeText(raw);
  if (unsafe) {
    throw new TRPCError({
      code: "BAD_REQUEST",
      // ZodRealError is an Error, as the one a schema throws: the formatter treats it the same.
      cause: new ZodRealError([
        { code: "custom", path: unsafe.path, message: unsafe.message, input: undefined },
      ]),
    });
  }
  return next();
});

/**
 * A database that is unreachable or keeps refusing with conflicts past the retries (reads and
 * transactions retry by themselves: db/index.ts, server/ledger) is "busy, try again" (503),
 * not an internal error: nothing is wrong with the request.
 */
const procedure = t.procedure.use(async ({ ctx, type, next }) => {
  // Every audit row the procedure writes names the request's address and device.
  const result = await withAuditOrigin({ ip: ctx.ip, userAgent: ctx.userAgent }, () => next());
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) throw busyTryAgain();
  // The next pages of this browser read the writer for a moment (trpc/context.ts listDb).
  if (result.ok && type === "mutation") ctx.wrote = true;
  // What an admin changed may be on the public pages, whose data is kept for a minute.
  if (result.ok && type === "mutation" && ctx.session?.user.permission === "admin") {
    forgetPublicData();
  }
  return result;
});

/**
 * Until a member has agreed to the current versions of the terms they are asked to agree to
 * again, nothing they do may rest on terms they have not accepted: every mutation (money,
 * profile, payment details, factors, entries, messages) and every export (a query asked with
 * `export: true`, or marked `consent: "export"`) answers consentRequired, which pages turn into
 * the consent notice. Reading their own pages stays open, and so does agreeing. The flag comes
 * with the session lookup (CurrentSession.due), so this asks the database nothing.
 */
async function refuseBeforeConsent(
  session: CurrentSession,
  meta: Meta | undefined,
  type: "query" | "mutation" | "subscription",
  getRawInput: () => Promise<unknown>,
): Promise<void> {
  if (session.user.permission !== "member" || !session.due.consent) return;
  if (meta?.consent === "open") return;
  if (type === "mutation" || meta?.consent === "export" || (await asksForExport(getRawInput))) {
    throw new AppError("FORBIDDEN", "consentRequired");
  }
}

/** Whether a query's input asks for a file of every row (`export: true`, app/lib/csv.server). */
async function asksForExport(getRawInput: () => Promise<unknown>): Promise<boolean> {
  try {
    const raw = await getRawInput();
    return typeof raw === "object" && raw !== null && (raw as { export?: unknown }).export === true;
  } catch {
    return false; // unreadable input: the procedure's own parser refuses it
  }
}

/** Anyone, signed in or not. */
export const publicProcedure = procedure.meta({ role: "public" }).use(plainTextInput);

/** A signed-in member. Admins are refused: they work in /admin, not in member pages. */
export const memberProcedure = procedure
  .meta({ role: "member" })
  .use(async ({ ctx, meta, type, getRawInput, next }) => {
    const session = ctx.session;
    if (!session) throw loginRequired();
    if (session.user.permission !== "member") throw forbidden();
    await refuseBeforeConsent(session, meta, type, getRawInput);
    return next({ ctx: { ...ctx, session, user: session.user } });
  })
  .use(plainTextInput);

/**
 * A member's procedure of a feature the deployment can switch off (FEATURES): with it off,
 * there is nothing to see or do (404).
 */
export function memberFeatureProcedure(feature: FeatureName) {
  return memberProcedure.use(({ ctx, next }) => {
    if (!ctx.config.FEATURES[feature]) throw notFound();
    return next();
  });
}

// Asked once per request (a loader may call several procedures with one session).
const mustEnrol = new WeakMap<CurrentSession, Promise<boolean>>();

/**
 * An admin without a second factor may only enrol one (ASVS: MFA for every admin). Refused
 * with its own key, so the page can send them to the security page rather than say "forbidden".
 */
async function refuseUnenrolledAdmin(db: Db, session: CurrentSession): Promise<void> {
  if (await mustEnrolNow(db, session)) throw new AppError("FORBIDDEN", "mfaEnrolmentRequired");
}

/** Whether this session's admin must enrol a second factor, asked once per request. */
export function mustEnrolNow(db: Db, session: CurrentSession): Promise<boolean> {
  let pending = mustEnrol.get(session);
  if (!pending) {
    pending = adminMustEnrol(db, session.user);
    mustEnrol.set(session, pending);
  }
  return pending;
}

/**
 * A signed-in admin with a second factor whose role holds the procedure's permission
 * (permissionRequired otherwise, so the page can say "not in your role" rather than "forbidden").
 */
export const adminProcedure = procedure
  .meta({ role: "admin" })
  .use(async ({ ctx, meta, type, getRawInput, next }) => {
    const session = ctx.session;
    if (!session) throw loginRequired();
    if (session.user.permission !== "admin") throw forbidden();
    await refuseUnenrolledAdmin(ctx.db, session);
    const access = await adminAccessOf(ctx.db, session);
    if (!access.roleId) throw new AppError("FORBIDDEN", "permissionRequired");
    if (!meta?.everyAdmin) {
      // Deny by default: a procedure that forgot its permission is open to no one.
      if (!meta?.permission) throw new AppError("FORBIDDEN", "permissionRequired");
      const acting = type !== "query" || meta.acts === true;
      const exporting = type === "query" && (await asksForExport(getRawInput));
      refuseWithoutPermission(access, meta.permission, acting ? "act" : "view", exporting);
    }
    return next({ ctx: { ...ctx, session, user: session.user, access } });
  })
  .use(plainTextInput);

/**
 * Anyone signed in, member or admin: only for a person's own account security. An admin
 * without a second factor reaches only the procedures marked `enrolment`.
 */
export const userProcedure = procedure
  .meta({ role: "user" })
  .use(async ({ ctx, meta, type, getRawInput, next }) => {
    const session = ctx.session;
    if (!session) throw loginRequired();
    if (!meta?.enrolment) await refuseUnenrolledAdmin(ctx.db, session);
    await refuseBeforeConsent(session, meta, type, getRawInput);
    return next({ ctx: { ...ctx, session, user: session.user } });
  })
  .use(plainTextInput);

/** The steps an admin without a second factor can take: see the page, re-authenticate, enrol. */
export const enrolmentProcedure = userProcedure.meta({ role: "user", enrolment: true });
