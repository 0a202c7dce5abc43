import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SecuritySettings } from "~/components/SecuritySettings";
import { requireAdmin } from "~/lib/guards.server";
import { securityAction } from "~/lib/security.server";

export const handle = { i18n: ["auth", "errors"] };

/** Admins hold the most power in the portal: they get the same MFA and password settings. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json({ status: await context.trpc.auth.security() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return securityAction(request, context);
}

export default function AdminSecurity() {
  const { status } = useLoaderData<typeof loader>();
  return <SecuritySettings status={status} result={useActionData<typeof action>()} />;
}
