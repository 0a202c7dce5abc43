import { type ActionFunctionArgs, json } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { LinkPage } from "#app/components/LinkPage";
import { attemptWithToken, emailedLinkLoader } from "#app/lib/emailed-link.server";
import { redirectWithCookies } from "#app/lib/forms.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("auth:title.verify"), i18n: ["auth", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ emailedLinkLoader("verify_email"),
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const result = await attemptWithToken(request, (input) => context.trpc.auth.verifyEmail(input));
    if (!result.ok) return result.response;
    // A new member arriving from the registration mail is signed in and lands on the dashboard.
    if (result.data.signedIn) return redirectWithCookies("/users", context.resHeaders);
    return json({ ok: true as const });
  },
);

export default function VerifyEmail() {
  const { t } = useTranslation("auth");
  return (
    <LinkPage
      title={t("title.verify")}
      invalidKey="verifyFailed"
      button={t("actions.confirm")}
      done={() => t("notices.verified")}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
