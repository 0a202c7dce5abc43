import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { mfaCodeInput } from "#domain/account";
import { safeRedirect } from "#domain/redirect";
import { BackToLoginLink, CodeField, failureOf } from "#app/components/AuthFields";
import { SubmitButton } from "#app/components/ui/form";
import { FormErrorAlert } from "#app/components/ui/Alert";
import { AuthCard } from "#app/components/ui/card";
import { PasskeyButton } from "#app/components/PasskeyButton";
import { redirectWithCookies, submitForm } from "#app/lib/forms.server";
import { homeFor } from "#app/lib/guards.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

// /login/mfa. The file is `_auth.login_.mfa` so the page is not nested in /login (which has no
// outlet): as `login.mfa` the URL rendered the password form again and the code was never asked.
export const handle = { title: title.key("auth:title.mfa"), i18n: ["auth", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    // Without the challenge cookie from the password step there is nothing to verify.
    if (!/(?:^|;\s*)mfa_challenge=[^;]+/.test(request.headers.get("Cookie") ?? ""))
      throw redirect("/login");
    // The factors this person has: the code form for TOTP, the button for a passkey.
    const factors = await context.trpc.mfa.pendingFactors();
    if (!factors) throw redirect("/login");
    const target = new URL(request.url).searchParams.get("redirect");
    return json({ redirect: target ? safeRedirect(target, "") : "", factors });
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const result = await submitForm(request, mfaCodeInput, (input) =>
      context.trpc.auth.loginMfa(input),
    );
    if (!result.ok) return result.response;
    return redirectWithCookies(
      safeRedirect(result.values.redirect ?? "", homeFor(result.data.permission)),
      context.resHeaders,
    );
  },
);

export default function LoginMfa() {
  const { t } = useTranslation("auth");
  const { redirect: target, factors } = useLoaderData<typeof loader>();
  const { error } = failureOf(useActionData<typeof action>());
  return (
    <AuthCard title={t("title.mfa")}>
      {factors.passkey && (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t("notices.mfaPasskeyIntro")}
          </p>
          <PasskeyButton
            ceremony="second-factor"
            redirect={target}
            label={t("actions.passkeyUse")}
          />
        </>
      )}
      {factors.passkey && factors.totp && (
        <p className="text-center text-sm text-slate-500 dark:text-slate-400">
          {t("notices.mfaOr")}
        </p>
      )}
      {factors.totp && (
        <>
          <FormErrorAlert error={error} />
          <Form method="post" className="space-y-4" noValidate>
            <input type="hidden" name="redirect" value={target} />
            <CodeField error={error} />
            <SubmitButton>{t("actions.verifyCode")}</SubmitButton>
          </Form>
        </>
      )}
      <BackToLoginLink />
    </AuthCard>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
