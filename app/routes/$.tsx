import { RouteError } from "#app/components/RouteError";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("notFound.title") };

/**
 * Any path outside the areas that no route claims: a 404 inside the normal shell. Paths under
 * /users and /admin are claimed by their area's own catch-all, behind the area's guard, so a
 * visitor is sent to login rather than told which member pages exist.
 */
export const loader = /* @__PURE__ */ answerRefusals(() => {
  throw new Response("Not found", { status: 404 });
});

export default function NotFoundRoute() {
  return null;
}

export const ErrorBoundary = RouteError;

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
