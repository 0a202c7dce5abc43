import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, Field, FormErrorAlert, SubmitButton, useFieldError } from "~/components/ui/form";
import { AuthCard } from "~/components/ui/card";
import { attempt, formValues, redirectWithCookies } from "~/lib/forms.server";
import { textLink } from "~/components/ui/link";

export const handle = { i18n: ["auth", "errors"] };

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token") ?? "";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = tokenOf(request);
  const { valid } = token
    ? await context.trpc.auth.checkLink({ token, purpose: "reset_password" })
    : { valid: false };
  return json({ valid });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = formValues(await request.formData(), ["password", "passwordConfirm"]);
  const result = await attempt(values, () =>
    context.trpc.auth.resetPassword({ ...values, token: tokenOf(request) }),
  );
  if (!result.ok) return result.response;
  return redirectWithCookies("/login?reset=1", context.resHeaders);
}

export default function ResetPassword() {
  const { t } = useTranslation(["auth", "errors"]);
  const { valid } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const error = failure && !failure.ok ? failure.error : null;
  const passwordError = useFieldError(error, "password", "auth:fields.newPassword");
  const confirmError = useFieldError(error, "passwordConfirm", "auth:fields.passwordConfirm");
  return (
    <AuthCard title={t("auth:title.reset")}>
      {!valid || error?.key === "resetLinkInvalid" ? (
        <>
          <Alert tone="error" testId="link-invalid">
            {t("errors:resetLinkInvalid")}
          </Alert>
          <Link to="/forgot-password" className={`${textLink} block text-sm`}>
            {t("auth:links.forgot")}
          </Link>
        </>
      ) : (
        <>
          <FormErrorAlert error={error} />
          <Form method="post" className="space-y-4" noValidate>
            <Field
              name="password"
              type="password"
              autoComplete="new-password"
              label={t("auth:fields.newPassword")}
              hint={t("auth:hints.password")}
              error={passwordError}
              required
            />
            <Field
              name="passwordConfirm"
              type="password"
              autoComplete="new-password"
              label={t("auth:fields.passwordConfirm")}
              error={confirmError}
              required
            />
            <SubmitButton>{t("auth:actions.resetPassword")}</SubmitButton>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
