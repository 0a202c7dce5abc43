import type { RouteHandle } from "#app/lib/shell";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SecuritySettings } from "#app/components/SecuritySettings";
import { requireAdminEnrolling } from "#app/lib/guards.server";
import { securityAction, securityData } from "#app/lib/security.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

/** Outside the admin area's layout (whose guard wants a second factor), but in its shell. */
export const handle: RouteHandle = {
  title: title.key("auth:title.security"),
  i18n: ["auth", "errors"],
  area: "admin",
};

/**
 * Admins hold the most power in the portal: they get the same MFA and password settings, and
 * must enrol a second factor. This is the one admin page open to an admin who has none yet.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    await requireAdminEnrolling(request, context);
    return json(await securityData(context));
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    await requireAdminEnrolling(request, context);
    return securityAction(request, context);
  },
);

export default function AdminSecurity() {
  const data = useLoaderData<typeof loader>();
  return <SecuritySettings {...data} result={useActionData<typeof action>()} />;
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
