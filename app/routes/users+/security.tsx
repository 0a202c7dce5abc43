import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SecuritySettings } from "~/components/SecuritySettings";
import { securityAction, securityData } from "~/lib/security.server";
import { answerRefusals } from "~/lib/refusals.server";
import { title } from "~/lib/page-title";

export const handle = { title: title.key("titles.security"), i18n: ["auth", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  return json(await securityData(context));
});

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    return securityAction(request, context);
  },
);

export default function MemberSecurity() {
  const data = useLoaderData<typeof loader>();
  return <SecuritySettings {...data} result={useActionData<typeof action>()} />;
}
