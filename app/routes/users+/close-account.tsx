import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CheckboxField, SelectField, SubmitButton, useFieldError } from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { actionLink } from "#app/components/ui/link";
import { passkeyStepUp, ReauthForm } from "#app/components/ReauthForm";
import { PageTitle } from "#app/components/ui/PageTitle";
import { redirectWithCookies, submitForm } from "#app/lib/forms.server";
import { formatYen } from "#app/lib/money";
import { handleReauth } from "#app/lib/reauth.server";
import { answerRefusals, readForm } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";
import { useFormValidation } from "#app/lib/validation";
import { CLOSE_BALANCE_LIMIT, closeAccountInput } from "#domain/closing";

export const handle = {
  title: title.key("profile:closing.title"),
  i18n: ["profile", "auth", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  const [status, closing] = await Promise.all([
    context.trpc.auth.security(),
    context.trpc.profile.closing(),
  ]);
  return json({
    email: status.email,
    mfaEnabled: status.mfaEnabled,
    passkey: passkeyStepUp(status),
    reauthValid: status.reauthValid,
    ...closing,
  });
});

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const form = await readForm(request);
    if (form.get("intent") === "reauth") {
      const result = await handleReauth(form, context);
      return result.ok ? json({ ok: true as const }) : result.response;
    }
    const result = await submitForm(form, closeAccountInput, (input) =>
      context.trpc.profile.close(input),
    );
    if (!result.ok) return result.response;
    // Every session of the account ended with it: this browser forgets its cookie too.
    context.resHeaders.append("Set-Cookie", "sid=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    return redirectWithCookies("/account-closed", context.resHeaders);
  },
);

/**
 * /users/close-account (退会): what to finish first, each with its page; otherwise a step-up,
 * an optional reason and the confirmation.
 */
export default function CloseAccount() {
  const { t } = useTranslation("profile");
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const serverError = result && !result.ok ? result.error : null;
  const { error, formProps, summary } = useFormValidation(closeAccountInput, serverError);
  const understoodError = useFieldError(error, "understood", "profile:closing.understood");
  const blocked = data.blockers.length > 0;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageTitle>{t("closing.title")}</PageTitle>
      <div className={`${card} space-y-4 p-5 sm:p-6`}>
        <p className="text-sm">{t("closing.intro")}</p>
        <p className="text-sm">{t("closing.records")}</p>
        {blocked ? (
          <section aria-labelledby="close-blocked" data-testid="close-blockers">
            <FormErrorAlert {...summary} />
            <Alert tone="warning">
              <span id="close-blocked">{t("closing.blockedIntro")}</span>
            </Alert>
            <ul className="mt-3 space-y-3">
              {data.blockers.map((b) => (
                <li key={b.kind} className="text-sm">
                  <p>
                    {t(`closing.blockers.${b.kind}`, {
                      amount: "amount" in b ? formatYen(b.amount) : "",
                      minimum: "minimum" in b ? formatYen(b.minimum) : "",
                      count: "count" in b ? b.count : 0,
                    })}
                  </p>
                  <Link to={b.link} className={actionLink}>
                    {t(`closing.blockerLinks.${b.kind}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : !data.reauthValid ? (
          <>
            <p className="text-sm">{t("closing.stepUp")}</p>
            <ReauthForm
              email={data.email}
              mfaEnabled={data.mfaEnabled}
              passkey={data.passkey}
              error={serverError}
            />
          </>
        ) : (
          <>
            {data.balance > 0 && (
              <Alert tone="warning" testId="close-small-balance">
                {t("closing.smallBalance", {
                  amount: formatYen(data.balance),
                  minimum: formatYen(CLOSE_BALANCE_LIMIT),
                })}
              </Alert>
            )}
            <FormErrorAlert {...summary} />
            <Form method="post" className="space-y-4" {...formProps}>
              <SelectField name="reason" label={t("closing.reason")} defaultValue="">
                <option value="">{t("closing.reasonNone")}</option>
                {data.reasons.map((r) => (
                  <option key={r} value={r}>
                    {t(`closing.reasons.${r}`)}
                  </option>
                ))}
              </SelectField>
              <CheckboxField
                name="understood"
                label={t("closing.understood")}
                error={understoodError}
              />
              <SubmitButton tone="danger">{t("closing.submit")}</SubmitButton>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
