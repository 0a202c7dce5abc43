import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthForm, NewPasswordFields, useAuthForm } from "#app/components/AuthFields";
import { Alert } from "#app/components/ui/Alert";
import { AuthCard } from "#app/components/ui/card";
import { tokenOf } from "#app/lib/emailed-link.server";
import { redirectWithCookies, submitForm } from "#app/lib/forms.server";
import { newPasswordInput } from "#domain/account";
import { ADMIN_ENROL_PATH } from "#domain/redirect";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.key("admin:team.accept.title"),
  i18n: ["auth", "admin", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const token = tokenOf(request);
    const invitation = token ? await context.trpc.team.invitation({ token }) : null;
    return json({ invitation });
  },
);

/**
 * The invitee sets a password; the session that starts reaches nothing but the second
 * factor's enrolment (every admin needs one before seeing any admin page).
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const result = await submitForm(request, newPasswordInput, (input) =>
      context.trpc.team.accept({ password: input.password, token: tokenOf(request) }),
    );
    if (!result.ok) return result.response;
    return redirectWithCookies(ADMIN_ENROL_PATH, context.resHeaders);
  },
);

/** /admin-invite?token=…: the page an invitation's mail links to (single use, 72 hours). */
export default function AdminInvite() {
  const { t } = useTranslation(["admin", "auth", "errors", "common"]);
  const { invitation } = useLoaderData<typeof loader>();
  const form = useAuthForm(newPasswordInput);
  return (
    <AuthCard title={t("admin:team.accept.title")}>
      {!invitation || form.error?.key === "invitationInvalid" ? (
        <Alert tone="error" testId="invitation-invalid">
          {t("errors:invitationInvalid")}
        </Alert>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="invitation">
            {t("admin:team.accept.intro", {
              name: invitation.name,
              email: invitation.email,
              role: invitation.roleBuiltin
                ? t(`common:adminRoles.${invitation.roleId}`)
                : invitation.roleName,
            })}
          </p>
          <AuthForm form={form} submit={t("admin:team.accept.submit")}>
            <NewPasswordFields error={form.error} />
          </AuthForm>
        </>
      )}
    </AuthCard>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
