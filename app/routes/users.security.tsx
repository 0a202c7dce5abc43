import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SecuritySettings } from "~/components/SecuritySettings";
import { requireMember } from "~/lib/guards.server";
import { securityAction, securityData } from "~/lib/security.server";

export const handle = { i18n: ["auth", "errors"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMember(request, context);
  return json(await securityData(context));
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireMember(request, context);
  return securityAction(request, context);
}

export default function MemberSecurity() {
  const data = useLoaderData<typeof loader>();
  return <SecuritySettings {...data} result={useActionData<typeof action>()} />;
}
