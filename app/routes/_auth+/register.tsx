import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  AuthForm,
  EmailField,
  NameFields,
  NewPasswordFields,
  useAuthForm,
} from "#app/components/AuthFields";
import { Alert } from "#app/components/ui/Alert";
import { AuthCard } from "#app/components/ui/card";
import { redirectWithCookies, submitForm } from "#app/lib/forms.server";
import { registerInput } from "#domain/account";
import { textLink } from "#app/components/ui/link";
import { useFieldError } from "#app/components/ui/form";
import { RegisterAgreement } from "#app/components/legal/RegisterAgreement";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";
import { REFERRAL_CODE, referralCookie } from "#app/lib/referral.server";

export const handle = { title: title.key("auth:title.register"), i18n: ["auth", "errors"] };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

/**
 * An affiliate link (/register?ref=CODE) leaves a 90-day cookie; the first referrer wins, so an
 * existing cookie is never replaced.
 */
export const loader = /* @__PURE__ */ answerRefusals(async ({ request }: LoaderFunctionArgs) => {
  const ref = new URL(request.url).searchParams.get("ref")?.trim().toLowerCase() ?? "";
  const headers = new Headers();
  const cookie = referralCookie(request, ref);
  if (cookie) headers.append("Set-Cookie", cookie);
  return json(
    {
      ref: REFERRAL_CODE.test(ref) ? ref : "",
      sent: new URL(request.url).searchParams.get("sent") === "1",
    },
    { headers },
  );
});

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    // A sign-up without an introducer sends the hidden field empty.
    const result = await submitForm(request, registerInput, ({ ref, ...input }) =>
      context.trpc.auth.register({ ...input, ref: ref || undefined }),
    );
    if (!result.ok) return result.response;
    // The same page for a new and a taken address: the inbox tells which.
    return redirectWithCookies("/register?sent=1", context.resHeaders);
  },
);

export default function Register() {
  const { t } = useTranslation("auth");
  const { ref, sent } = useLoaderData<typeof loader>();
  const form = useAuthForm(registerInput);
  const { error } = form;
  const value = (name: string) => form.values[name];
  return (
    <AuthCard title={t("title.register")}>
      {sent && (
        <Alert tone="success" testId="register-sent">
          {t("notices.registerSent")}
        </Alert>
      )}
      <AuthForm form={form} submit={t("actions.register")}>
        <input type="hidden" name="ref" value={ref} />
        <NameFields
          ns="auth"
          error={error}
          defaults={{ name: value("name"), nickname: value("nickname") }}
        />
        <EmailField error={error} defaultValue={value("email")} />
        <NewPasswordFields error={error} labelKey="fields.password" />
        <RegisterAgreement error={useFieldError(error, "agree", "auth:fields.agree")} />
      </AuthForm>
      <Link
        to="/login"
        className={`${textLink} block border-t border-slate-200 pt-4 text-sm dark:border-slate-700`}
      >
        {t("links.toLogin")}
      </Link>
      <Link to="/welcome" className={`${textLink} block text-sm`} data-testid="register-welcome">
        {t("links.welcome")}
      </Link>
    </AuthCard>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
