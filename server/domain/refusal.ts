import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { TRPCError } from "@trpc/server";
import { isRoleRefusal, roleRefusalTarget } from "./redirect";

/**
 * A refusal is a procedure's answer "not like that" or "not there" (a TRPCError other than
 * INTERNAL_SERVER_ERROR): the sender's doing, never a failure of the portal. This module is the
 * one place that reads a refusal, for the page that meets it in a loader (its HTTP status) and
 * for the form that meets it in an action (its message). Recognised by shape: the route bundle
 * and the server bundle each hold their own copy of the error class, so `instanceof` would lie.
 */
interface RefusalLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  key?: unknown;
  params?: Record<string, string | number>;
  field?: string;
  cause?: { issues?: { path: PropertyKey[]; message: string }[] };
}

/** A refusal as a form shows it: keys the page translates. */
export interface FormError {
  /** Key in the `errors` namespace for the whole form, if any. */
  key: string | null;
  params: Record<string, string | number> | null;
  /** Field name (its path in a nested input: "payee.bankCode") → key under `errors:field`. */
  fieldErrors: Record<string, string>;
  /** The field a form-level refusal is about, marked with its message. */
  field?: string | null;
}

function asRefusal(error: unknown): RefusalLike | null {
  const e = error as RefusalLike | null;
  if (!e || typeof e !== "object" || e.name !== "TRPCError" || typeof e.code !== "string")
    return null;
  return e.code === "INTERNAL_SERVER_ERROR" ? null : e;
}

/**
 * The HTTP status a page answers a refusal with: an id in the URL that is not even the shape of
 * one (the input schemas say "notFound") is a 404, every other refusal its tRPC status. Null
 * for what is not a refusal: a real failure, which stays an error.
 */
export function refusalStatus(error: unknown): number | null {
  const e = asRefusal(error);
  if (!e) return null;
  const issues = e.code === "BAD_REQUEST" ? e.cause?.issues : undefined;
  if (issues?.length && issues.every((i) => i.message === "notFound")) return 404;
  return getHTTPStatusCodeFromError(error as TRPCError);
}

/** An admin's refusal for want of the permission a procedure declares. */
export function isPermissionRefusal(error: unknown): boolean {
  const e = asRefusal(error);
  return e !== null && e.code === "FORBIDDEN" && (e.key ?? e.message) === "permissionRequired";
}

/** The status a refused form answers with: "busy, try again" 503 (the form stays), else 400. */
export function formRefusalStatus(error: unknown): 400 | 503 {
  return asRefusal(error)?.code === "SERVICE_UNAVAILABLE" ? 503 : 400;
}

/**
 * A refusal as a form's error: the input's issues field by field, or the procedure's own key
 * for the whole form. Null for a role refusal ("sign in first" goes on to become the area's
 * redirect) and for what is not a refusal.
 */
export function formErrorOf(error: unknown): FormError | null {
  const e = asRefusal(error);
  if (!e || isRoleRefusal(error)) return null;
  if (e.cause?.issues) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of e.cause.issues) {
      const field = issue.path.length ? issue.path.map(String).join(".") : "form";
      fieldErrors[field] ??= issue.message;
    }
    return { key: null, params: null, fieldErrors };
  }
  if (typeof e.key === "string")
    return {
      key: e.key,
      params: e.params ?? null,
      fieldErrors: {},
      ...(e.field && { field: e.field }),
    };
  return null;
}

/**
 * What a loader or action answers a refusal it did not handle itself with: a role refusal the
 * area guard's redirect, any other its status. Null: not a refusal, the error stands.
 */
export function refusalResponse(
  error: unknown,
  request: { url: string; method: string },
  sessionEnded: "idle" | "expired" | null,
): Response | null {
  const to = roleRefusalTarget(error, request, sessionEnded);
  if (to) return new Response(null, { status: 302, headers: { Location: to } });
  const status = refusalStatus(error);
  return status === null ? null : new Response(null, { status });
}
