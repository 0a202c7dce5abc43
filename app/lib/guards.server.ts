import { type AppLoadContext, redirect } from "@remix-run/node";
import {
  ADMIN_ENROL_PATH,
  CONSENT_PATH,
  consentUrlFor,
  homeFor,
  loginUrlFor,
  safeRedirect,
} from "#domain/redirect";

/**
 * Who may open which area. Each area's layout route (`users.tsx`, `admin.tsx`) calls its guard
 * once for every page under it; the pages' own loaders and actions are kept safe by the roles of
 * the procedures they call (answerRefusals, app/lib/refusals.server.ts, turns a role refusal into the same redirects).
 * Resource routes (exports, images, downloads) run without their parent: those that catch a
 * procedure's error (to answer 404) call a guard first, so the catch cannot hide a role refusal.
 */

export { ADMIN_ENROL_PATH, homeFor, loginUrlFor };

export type Me = NonNullable<Awaited<ReturnType<AppLoadContext["trpc"]["auth"]["me"]>>>;

export async function getMe(context: AppLoadContext): Promise<Me | null> {
  return context.trpc.auth.me();
}

/** A signed-in member; visitors go to login, admins to "/". */
export async function requireMember(request: Request, context: AppLoadContext): Promise<Me> {
  const me = await getMe(context);
  if (!me) throw redirect(loginUrlFor(request, context.sessionEnded));
  if (me.permission === "admin") throw redirect("/");
  return me;
}

export { CONSENT_PATH };

/**
 * A member asked to agree again to a new version of the terms or the privacy policy sees the
 * notice before any other member page, and comes back to the page they opened after agreeing.
 * Pages outside the member area (the legal documents, logout, the language switch) stay open.
 */
export async function requireCurrentConsent(request: Request, context: AppLoadContext, me: Me) {
  // Asked only when the session lookup found some: on most pages there is nothing to agree to.
  if (!me.consentDue) return;
  const url = new URL(request.url);
  if (url.pathname === CONSENT_PATH) return;
  if ((await context.trpc.legal.pending()).length === 0) return;
  throw redirect(consentUrlFor(request));
}

/** Where the notice sends a member once they agreed: the page they opened, or their home. */
export function afterConsent(request: Request): string {
  const target = safeRedirect(new URL(request.url).searchParams.get("redirect"), "/users");
  return target.startsWith(CONSENT_PATH) ? "/users" : target;
}

/**
 * A signed-in admin with a second factor; visitors go to login, members to "/", an admin who
 * has not enrolled a second factor yet to the security page (MFA is required for admins).
 */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<Me> {
  const me = await requireAdminEnrolling(request, context);
  if (await context.trpc.mfa.enrolmentRequired()) throw redirect(ADMIN_ENROL_PATH);
  return me;
}

/** A signed-in admin, enrolled or not: for the admin security page alone. */
export async function requireAdminEnrolling(
  request: Request,
  context: AppLoadContext,
): Promise<Me> {
  const me = await getMe(context);
  if (!me) throw redirect(loginUrlFor(request, context.sessionEnded));
  if (me.permission !== "admin") throw redirect("/");
  return me;
}

/** Login and register: someone already signed in goes to their home. */
export async function requireVisitor(context: AppLoadContext): Promise<void> {
  const me = await getMe(context);
  if (me) throw redirect(homeFor(me.permission));
}
