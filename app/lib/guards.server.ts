import { type AppLoadContext, redirect } from "@remix-run/node";

/**
 * The spec's route guard (section 4), run in loaders so no protected page is ever sent to the
 * wrong person. One helper per guard, called first in every loader and action.
 */

export type Me = NonNullable<Awaited<ReturnType<AppLoadContext["trpc"]["auth"]["me"]>>>;

export function homeFor(permission: Me["permission"]): string {
  return permission === "admin" ? "/admin" : "/users";
}

/**
 * Where a logged-out visitor goes: /login; campaign pages carry a `redirect` back (after
 * logout, `loggedOut` is kept so the login page can say so). A session that just ended (idle
 * too long, or past its lifetime) says so on the login page and comes back to the page after.
 */
export function loginUrlFor(
  request: Request,
  ended: AppLoadContext["sessionEnded"] = null,
): string {
  const url = new URL(request.url);
  if (url.searchParams.has("loggedOut")) return "/login?loggedOut=true";
  const path = url.pathname;
  // A GET page can be opened again; an action's form post cannot, so it returns to its page.
  const back = request.method === "GET" ? path + url.search : path;
  if (ended) return `/login?${new URLSearchParams({ ended, redirect: back }).toString()}`;
  if (path === "/users/campaigns" || path.startsWith("/users/campaigns/")) {
    return `/login?${new URLSearchParams({ redirect: path + url.search }).toString()}`;
  }
  return "/login";
}

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

/** Where an admin without a second factor is sent: the only admin page open to them. */
export const ADMIN_ENROL_PATH = "/admin/security";

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

/** Anyone signed in (account security pages exist for both roles). */
export async function requireUser(request: Request, context: AppLoadContext): Promise<Me> {
  const me = await getMe(context);
  if (!me) throw redirect(loginUrlFor(request, context.sessionEnded));
  return me;
}

/** Login and register: someone already signed in goes to their home. */
export async function requireVisitor(context: AppLoadContext): Promise<void> {
  const me = await getMe(context);
  if (me) throw redirect(homeFor(me.permission));
}

/** The guard for a path that no page claims: protected areas first, then a 404. */
export async function guardUnknownPath(request: Request, context: AppLoadContext): Promise<void> {
  const { pathname } = new URL(request.url);
  if (pathname === "/users" || pathname.startsWith("/users/"))
    await requireMember(request, context);
  if (pathname === "/admin" || pathname.startsWith("/admin/")) await requireAdmin(request, context);
}
