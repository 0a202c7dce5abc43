import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, FormErrorAlert, SubmitButton } from "~/components/form";
import { attempt } from "~/lib/forms.server";
import { requireMember } from "~/lib/guards.server";

export const handle = { i18n: ["auth", "errors"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMember(request, context);
  return json({
    me: (await context.trpc.auth.me())!,
    security: await context.trpc.auth.security(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireMember(request, context);
  const result = await attempt({}, () => context.trpc.auth.resendVerification());
  if (!result.ok) return result.response;
  return json({ ok: true as const });
}

/** The member's home: a greeting, the account's security state and the way to fix it. */
export default function Dashboard() {
  const { t } = useTranslation("auth");
  const { me, security } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t("title.dashboard")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300" data-testid="welcome">
          {t("notices.welcome", { nickname: me.nickname })}
        </p>
      </div>
      {!security.emailVerified && (
        <div className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4 dark:border-amber-900 dark:bg-amber-950">
          <p className="text-sm text-amber-900 dark:text-amber-100" data-testid="verify-pending">
            {t("notices.verifyPending")}
          </p>
          {result?.ok ? (
            <Alert tone="success">{t("notices.verifySent")}</Alert>
          ) : (
            <>
              <FormErrorAlert error={result && !result.ok ? result.error : null} />
              <Form method="post">
                <SubmitButton tone="secondary">{t("actions.resend")}</SubmitButton>
              </Form>
            </>
          )}
        </div>
      )}
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
          <dt className="text-sm text-slate-500 dark:text-slate-400">{t("notices.emailStatus")}</dt>
          <dd className="mt-1 break-all font-medium">{security.email}</dd>
          <dd className="mt-1 text-sm">
            {security.emailVerified ? t("notices.verifiedYes") : t("notices.verifiedNo")}
          </dd>
          <dd className="mt-3">
            <Link
              to="/users/change-email"
              className="text-sm text-emerald-700 underline dark:text-emerald-400"
            >
              {t("links.changeEmail")}
            </Link>
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
          <dt className="text-sm text-slate-500 dark:text-slate-400">{t("notices.mfaStatus")}</dt>
          <dd className="mt-1 font-medium" data-testid="mfa-status">
            {security.mfaEnabled ? t("notices.enabled") : t("notices.disabled")}
          </dd>
          <dd className="mt-3">
            <Link
              to="/users/security"
              className="text-sm text-emerald-700 underline dark:text-emerald-400"
            >
              {t("links.security")}
            </Link>
          </dd>
        </div>
      </dl>
    </div>
  );
}
