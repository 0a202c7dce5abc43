import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthForm, NewPasswordFields, useAuthForm } from "#app/components/AuthFields";
import { Alert } from "#app/components/ui/Alert";
import { AuthCard } from "#app/components/ui/card";
import { textLink } from "#app/components/ui/link";
import { checkEmailedLink, tokenOf } from "#app/lib/emailed-link.server";
import { redirectWithCookies, submitForm } from "#app/lib/forms.server";
import { newPasswordInput } from "#domain/account";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("auth:title.reset"), i18n: ["auth", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const { valid } = await checkEmailedLink(request, context, "reset_password");
    return json({ valid });
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    // The procedure's schema without the token (the link carries it).
    const result = await submitForm(request, newPasswordInput, (input) =>
      context.trpc.auth.resetPassword({ ...input, token: tokenOf(request) }),
    );
    if (!result.ok) return result.response;
    return redirectWithCookies("/login?reset=1", context.resHeaders);
  },
);

export default function ResetPassword() {
  const { t } = useTranslation(["auth", "errors"]);
  const { valid } = useLoaderData<typeof loader>();
  // The procedure's schema without the token (the link carries it).
  const form = useAuthForm(newPasswordInput);
  return (
    <AuthCard title={t("auth:title.reset")}>
      {!valid || form.error?.key === "resetLinkInvalid" ? (
        <>
          <Alert tone="error" testId="link-invalid">
            {t("errors:resetLinkInvalid")}
          </Alert>
          <Link to="/forgot-password" className={`${textLink} block text-sm`}>
            {t("auth:links.forgot")}
          </Link>
        </>
      ) : (
        <AuthForm form={form} submit={t("auth:actions.resetPassword")}>
          <NewPasswordFields error={form.error} />
        </AuthForm>
      )}
    </AuthCard>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
