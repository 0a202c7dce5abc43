import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SecuritySettings } from "~/components/SecuritySettings";
import { requireMember } from "~/lib/guards.server";
import { securityAction } from "~/lib/security.server";

export const handle = { i18n: ["auth", "errors"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMember(request, context);
  return json({ status: await context.trpc.auth.security() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireMember(request, context);
  return securityAction(request, context);
}

export default function MemberSecurity() {
  const { status } = useLoaderData<typeof loader>();
  return <SecuritySettings status={status} result={useActionData<typeof action>()} />;
}
