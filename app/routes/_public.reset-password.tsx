import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { failureOf, NewPasswordFields } from "~/components/AuthFields";
import { SubmitButton } from "~/components/ui/form";
import { Alert, FormErrorAlert } from "~/components/ui/Alert";
import { AuthCard } from "~/components/ui/card";
import { textLink } from "~/components/ui/link";
import { checkEmailedLink, tokenOf } from "~/lib/emailed-link.server";
import { attempt, formValues, redirectWithCookies } from "~/lib/forms.server";

export const handle = { i18n: ["auth", "errors"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { valid } = await checkEmailedLink(request, context, "reset_password");
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
  const { error } = failureOf(useActionData<typeof action>());
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
            <NewPasswordFields error={error} />
            <SubmitButton>{t("auth:actions.resetPassword")}</SubmitButton>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
