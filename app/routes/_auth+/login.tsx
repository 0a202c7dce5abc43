import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { safeRedirect } from "#domain/redirect";
import {
  AuthForm,
  CurrentPasswordField,
  EmailField,
  useAuthForm,
} from "#app/components/AuthFields";
import { Alert } from "#app/components/ui/Alert";
import { AuthCard } from "#app/components/ui/card";
import { PasskeyButton } from "#app/components/PasskeyButton";
import { LineSignInButton } from "#app/components/LineSignInButton";
import { redirectWithCookies, submitForm } from "#app/lib/forms.server";
import { loginInput } from "#domain/account";
import { homeFor } from "#app/lib/guards.server";
import { textLink } from "#app/components/ui/link";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("auth:title.login"), i18n: ["auth", "errors"] };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** Refusals the LINE sign-in may send back here; anything else reads as the generic error. */
const LINE_ERRORS = new Set([
  "lineGeneric",
  "lineConnection",
  "lineSignInCancelled",
  "lineNotConfigured",
  "lineSignUpExpired",
]);

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const target = url.searchParams.get("redirect");
    const lineError = url.searchParams.get("lineError");
    return json({
      /** Only when a LINE Login channel is configured. */
      line: await context.trpc.lineSignIn.available(),
      lineError: lineError ? (LINE_ERRORS.has(lineError) ? lineError : "lineGeneric") : null,
      loggedOut: url.searchParams.get("loggedOut") === "true",
      ended:
        (["idle", "expired"] as const).find((e) => e === url.searchParams.get("ended")) ?? null,
      reset: url.searchParams.has("reset"),
      busy: url.searchParams.has("busy"),
      redirect: target ? safeRedirect(target, "") : "",
    });
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const result = await submitForm(request, loginInput, (input) => context.trpc.auth.login(input));
    if (!result.ok) return result.response;
    const target = safeRedirect(result.values.redirect ?? "", "");
    if (result.data.mfaRequired) {
      const next = target
        ? `/login/mfa?${new URLSearchParams({ redirect: target })}`
        : "/login/mfa";
      return redirectWithCookies(next, context.resHeaders);
    }
    return redirectWithCookies(target || homeFor(result.data.permission), context.resHeaders);
  },
);

export default function Login() {
  const { t } = useTranslation("auth");
  const { loggedOut, ended, reset, busy, redirect, line, lineError } =
    useLoaderData<typeof loader>();
  const form = useAuthForm(loginInput);
  return (
    <AuthCard title={t("title.login")}>
      {loggedOut && <Alert tone="success">{t("notices.loggedOut")}</Alert>}
      {ended && (
        <Alert tone="info" testId="session-ended">
          {t(ended === "idle" ? "notices.sessionIdle" : "notices.sessionExpired")}
        </Alert>
      )}
      {reset && <Alert tone="success">{t("notices.resetDone")}</Alert>}
      {busy && (
        <Alert tone="warning" testId="sign-in-busy">
          {t("notices.signInBusy")}
        </Alert>
      )}
      {redirect && !ended && <Alert tone="info">{t("notices.redirectAfterLogin")}</Alert>}
      {lineError && (
        <Alert tone="error" testId="line-sign-in-error">
          {t(`errors:${lineError}`)}
        </Alert>
      )}
      {line && (
        <>
          <LineSignInButton redirect={redirect} />
          <p className="text-center text-sm text-slate-500 dark:text-slate-400">{t("line.or")}</p>
        </>
      )}
      <AuthForm form={form} submit={t("actions.login")}>
        <input type="hidden" name="redirect" value={redirect} />
        <EmailField error={form.error} defaultValue={form.values.email ?? ""} />
        <CurrentPasswordField error={form.error} />
      </AuthForm>
      <p className="text-center text-sm text-slate-500 dark:text-slate-400">{t("notices.mfaOr")}</p>
      <PasskeyButton ceremony="login" redirect={redirect} label={t("actions.passkeySignIn")} />
      <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm dark:border-slate-700">
        <Link to="/forgot-password" className={`${textLink}`}>
          {t("links.forgot")}
        </Link>
        <Link to="/register" className={`${textLink}`}>
          {t("links.toRegister")}
        </Link>
        <Link to="/welcome" className={`${textLink}`} data-testid="login-welcome">
          {t("links.welcome")}
        </Link>
      </div>
    </AuthCard>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
