import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SecuritySettings } from "#app/components/SecuritySettings";
import { lineReturn, securityAction, securityData } from "#app/lib/security.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("titles.security"), i18n: ["auth", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const [data, line] = await Promise.all([securityData(context), context.trpc.line.status()]);
    return json({
      ...data,
      line: { available: line.available, linked: line.linked, unlinkable: line.unlinkable },
      lineReturn: lineReturn(request),
    });
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    return securityAction(request, context);
  },
);

export default function MemberSecurity() {
  const data = useLoaderData<typeof loader>();
  return <SecuritySettings {...data} result={useActionData<typeof action>()} />;
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
