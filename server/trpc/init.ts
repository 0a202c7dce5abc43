import { initTRPC } from "@trpc/server";
import { ZodError, z } from "zod";
import { AppError, forbidden, loginRequired } from "../errors";
import type { Context } from "./context";

/**
 * public: anyone; member: a signed-in member (admins are kept to /admin); admin: a signed-in
 * admin; user: anyone signed in, for their own account's security (both roles need MFA).
 */
export type Role = "public" | "member" | "admin" | "user";
export interface Meta {
  role: Role;
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

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.meta({ role: "public" });

/** A signed-in member. Admins are refused: the spec keeps them to /admin. */
export const memberProcedure = t.procedure.meta({ role: "member" }).use(({ ctx, next }) => {
  const session = ctx.session;
  if (!session) throw loginRequired();
  if (session.user.permission !== "member") throw forbidden();
  return next({ ctx: { ...ctx, session, user: session.user } });
});

/** A signed-in admin. */
export const adminProcedure = t.procedure.meta({ role: "admin" }).use(({ ctx, next }) => {
  const session = ctx.session;
  if (!session) throw loginRequired();
  if (session.user.permission !== "admin") throw forbidden();
  return next({ ctx: { ...ctx, session, user: session.user } });
});

/** Anyone signed in, member or admin: only for a person's own account security. */
export const userProcedure = t.procedure.meta({ role: "user" }).use(({ ctx, next }) => {
  const session = ctx.session;
  if (!session) throw loginRequired();
  return next({ ctx: { ...ctx, session, user: session.user } });
});
