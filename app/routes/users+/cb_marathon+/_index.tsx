import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MarathonProgress } from "#app/components/marathon/MarathonProgress";
import { orNotFound } from "#app/lib/not-found.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("marathon:title"), i18n: ["marathon"] };

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  // Switched off (FEATURES), the marathon is not found: the area shows its 404 page.
  return json(await orNotFound(() => context.trpc.marathon.progress({ course: "general" })));
});

/** /users/cb_marathon: the general course. */
export default function MarathonGeneral() {
  const { marathons } = useLoaderData<typeof loader>();
  return <MarathonProgress course="general" marathons={marathons} />;
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
