import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { getMe, homeFor } from "#app/lib/guards.server";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * "/" sends each role to its home: members to /users, admins to /admin, visitors to login.
 * The query goes along, so an ad link's utm_medium still reaches the page that records the
 * paid visit.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const me = await getMe(context);
    const { search } = new URL(request.url);
    throw redirect((me ? homeFor(me.permission) : "/login") + search);
  },
);
