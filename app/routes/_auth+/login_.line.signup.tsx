import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { lineSignUpInput } from "#domain/line-sign-up";
import { AuthForm, EmailField, NameFields, useAuthForm } from "#app/components/AuthFields";
import { RegisterAgreement } from "#app/components/legal/RegisterAgreement";
import { Alert } from "#app/components/ui/Alert";
import { AuthCard } from "#app/components/ui/card";
import { useFieldError } from "#app/components/ui/form";
import { redirectWithCookies, submitForm } from "#app/lib/forms.server";
import { homeFor } from "#app/lib/guards.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("auth:line.signUpTitle"), i18n: ["auth", "errors"] };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

/**
 * /login/line/signup: a LINE user nobody linked yet. The account is made only after the
 * terms and privacy consent and a proven address: LINE's (when the member granted the email
 * permission) or one proven by the mailed link.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    try {
      const pending = await context.trpc.lineSignIn.pendingSignUp();
      return json({ ...pending, sent: new URL(request.url).searchParams.get("sent") === "1" });
    } catch (error) {
      const key = (error as { key?: unknown }).key;
      if (key === "lineSignUpExpired") throw redirect(`/login?lineError=${key}`);
      throw error;
    }
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const result = await submitForm(request, lineSignUpInput, (input) =>
      context.trpc.lineSignIn.signUp(input),
    );
    if (!result.ok) return result.response;
    if (result.data.sent)
      return redirectWithCookies("/login/line/signup?sent=1", context.resHeaders);
    return redirectWithCookies(homeFor(result.data.permission), context.resHeaders);
  },
);

export default function LineSignUp() {
  const { t } = useTranslation("auth");
  const { displayName, email, sent } = useLoaderData<typeof loader>();
  const form = useAuthForm(lineSignUpInput);
  const { error } = form;
  const value = (name: string) => form.values[name];
  const agreeError = useFieldError(error, "agree", "auth:fields.agree");
  return (
    <AuthCard title={t("line.signUpTitle")}>
      {sent ? (
        <Alert tone="success" testId="line-sign-up-sent">
          {t("line.signUpSent")}
        </Alert>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {displayName ? t("line.signUpLead", { name: displayName }) : t("line.signUpLeadNoName")}
          </p>
          <AuthForm form={form} submit={t("line.signUpSubmit")}>
            <NameFields
              ns="auth"
              error={error}
              defaults={{ name: value("name"), nickname: value("nickname") ?? displayName ?? "" }}
            />
            {email ? (
              <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="line-email">
                {t("line.emailFromLine", { email })}
              </p>
            ) : (
              <>
                <EmailField error={error} defaultValue={value("email")} />
                <p className="-mt-2 text-xs text-slate-500 dark:text-slate-400">
                  {t("line.emailHint")}
                </p>
              </>
            )}
            <RegisterAgreement error={agreeError} />
          </AuthForm>
        </>
      )}
    </AuthCard>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
