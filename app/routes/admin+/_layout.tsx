import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, type ShouldRevalidateFunction } from "@remix-run/react";
import { RouteError } from "#app/components/RouteError";
import { requireAdmin } from "#app/lib/guards.server";
import type { RouteHandle } from "#app/lib/shell";
import { answerRefusals } from "#app/lib/refusals.server";
import { mayOpen } from "#domain/admin-access";
import { EXPORT_REFUSED } from "#app/lib/csv.server";
import { revalidateAfterRefusal } from "#app/lib/revalidation";

/**
 * The admin area (/admin/…): its one guard (an admin with a second factor), its shell (the
 * admin menu) and its error boundary, so a page that fails or an id that is not there keeps the
 * menu. A page outside the admin's role (server/domain/admin-access) answers 403 here, whatever
 * the page's own loader would have done, so every page of the area is covered at once. /admin/security, where an admin enrols a second factor, sits outside it
 * (`admin_.security.tsx`) with its own guard.
 */
export const handle: RouteHandle = { area: "admin" };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    await requireAdmin(request, context);
    const access = await context.trpc.admin.access();
    const url = new URL(request.url);
    // A refused CSV download comes back here (its route has no page): the 403 in the menu.
    if (!mayOpen(access.grants, url.pathname) || url.searchParams.has(EXPORT_REFUSED)) {
      throw json({ refusal: "permissionRequired" }, { status: 403 });
    }
    // The menu's badges: one statement of an index count per queue, cheap enough for every page.
    return json({ pending: await context.trpc.admin.pendingCounts() });
  },
);

/**
 * Asked again on every navigation inside the area, not only after a decision (a refused one
 * too): a request a member sent a moment ago shows on the admin's next page, not at their next
 * action.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  revalidateAfterRefusal(args) || args.currentUrl.pathname !== args.nextUrl.pathname;

export default function AdminArea() {
  return <Outlet />;
}

export const ErrorBoundary = RouteError;
