import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "#app/components/ui/Alert";
import { AuthCard } from "#app/components/ui/card";
import { SubmitButton } from "#app/components/ui/form";
import { redirectWithCookies, submitForm } from "#app/lib/forms.server";
import { mailTokenInput } from "#domain/line-sign-up";
import { homeFor } from "#app/lib/guards.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("auth:line.verifyTitle"), i18n: ["auth", "errors"] };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

export const loader = /* @__PURE__ */ answerRefusals(({ request }: LoaderFunctionArgs) =>
  json({ token: new URL(request.url).searchParams.get("token") ?? "" }),
);

/**
 * /login/line/verify?token=…: the mailed link of a sign-up with LINE. A button press makes the
 * account (a mail scanner that only fetches the link makes nothing).
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const result = await submitForm(request, mailTokenInput, (input) =>
      context.trpc.lineSignIn.confirmSignUp(input),
    );
    if (!result.ok) return result.response;
    return redirectWithCookies(homeFor(result.data.permission), context.resHeaders);
  },
);

export default function LineSignUpVerify() {
  const { t } = useTranslation(["auth", "errors"]);
  const { token } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <AuthCard title={t("line.verifyTitle")}>
      {failed && !failed.ok && (
        <Alert tone="error" testId="line-verify-error">
          {t(`errors:${failed.error.key}`)}
        </Alert>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-200">{t("line.verifyLead")}</p>
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <SubmitButton>{t("line.verifySubmit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
