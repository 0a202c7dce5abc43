import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { RouteError } from "#app/components/RouteError";
import { requireCurrentConsent, requireMember } from "#app/lib/guards.server";
import type { RouteHandle } from "#app/lib/shell";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * The member area (/users/…): its one guard (signed in as a member, and agreed to the current
 * terms where a new version asks for it), its shell (the sidebar) and its error boundary, so
 * a page that fails or an id that is not there keeps the member's navigation.
 */
export const handle: RouteHandle = { area: "member" };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const me = await requireMember(request, context);
    await requireCurrentConsent(request, context, me);
    return null;
  },
);

export default function MemberArea() {
  return <Outlet />;
}

export const ErrorBoundary = RouteError;

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
