import { type AppLoadContext, redirect } from "@remix-run/node";
import { ADMIN_ENROL_PATH, homeFor, loginUrlFor } from "../../server/domain/redirect";

/**
 * Who may open which area. Each area's layout route (`users.tsx`, `admin.tsx`) calls its guard
 * once for every page under it; the pages' own loaders and actions are kept safe by the roles of
 * the procedures they call (server/refusals.ts turns a role refusal into the same redirects).
 * Resource routes (exports, images, downloads) run without their parent: those that catch a
 * procedure's error (to answer 404) call a guard first, so the catch cannot hide a role refusal
 * (decision 016).
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
