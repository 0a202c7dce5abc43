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
import { useFormValidation } from "~/lib/validation";
import { newPasswordInput } from "../../server/domain/account";

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
  const failure = failureOf(useActionData<typeof action>());
  // The procedure's schema without the token (the link carries it), checked before sending.
  const { formProps, error } = useFormValidation(newPasswordInput, failure.error);
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
          <Form method="post" className="space-y-4" {...formProps}>
            <NewPasswordFields error={error} />
            <SubmitButton>{t("auth:actions.resetPassword")}</SubmitButton>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
