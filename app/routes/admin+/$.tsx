import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("notFound.title") };
/** A path under /admin that no page claims: the area's 404, inside its shell and guard. */
export const loader = /* @__PURE__ */ answerRefusals(() => {
  throw new Response("Not found", { status: 404 });
});

export default function NotFoundInArea() {
  return null;
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
