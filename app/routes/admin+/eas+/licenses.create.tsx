import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AccountTypeBadge } from "#app/components/eas/badges";
import { Field, type FormErrorShape, SelectField, SubmitButton } from "#app/components/ui/form";
import { FormErrorAlert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { parseForm, saveRecord, toFormError } from "#app/lib/forms.server";
import { issueForInput } from "#domain/ea";
import { buttonClass } from "#app/components/ui/button";
import { textLink } from "#app/components/ui/link";
import { PageTitle } from "#app/components/ui/PageTitle";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("ea:admin.issue.title"), i18n: ["ea", "errors"] };

/**
 * Step 1 (GET ?member=…): the member's approved accounts and their types are looked up.
 * Step 2 (POST): the licence is issued for the chosen EA and account.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const member = url.searchParams.get("member")?.trim() ?? "";
    const eas = await context.trpc.eas.adminList({ size: "100", sort: "name", dir: "asc" });
    let found: Awaited<ReturnType<typeof context.trpc.eas.memberAccounts>> | null = null;
    let lookupError: FormErrorShape | null = null;
    if (member) {
      try {
        found = await context.trpc.eas.memberAccounts({ member });
      } catch (error) {
        lookupError = toFormError(error);
        if (!lookupError) throw error;
      }
    }
    return json({
      eas: eas.rows
        .filter((e) => e.active)
        .map((e) => ({ id: e.id, name: e.name, accountType: e.accountType })),
      found,
      lookupError,
    });
  },
);

export const action = /* @__PURE__ */ answerRefusals(({ request, context }: ActionFunctionArgs) =>
  saveRecord(
    parseForm(request, issueForInput),
    (form) => context.trpc.eas.issueFor(form.value),
    (form) => `/admin/eas/${form.value.eaId}/licenses?${new URLSearchParams({ status: "active" })}`,
  ),
);

export default function IssueLicense() {
  const { t } = useTranslation(["ea", "errors"]);
  const { eas, found, lookupError } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const [params] = useSearchParams();
  const error = failure && !failure.ok ? failure.error : null;
  const fieldError = (name: string, label: string) => {
    const key = error?.fieldErrors[name] ?? lookupError?.fieldErrors[name];
    return key ? t(`errors:field.${key}`, { field: label }) : null;
  };
  const eaId = failure && !failure.ok ? failure.values.eaId : (params.get("ea") ?? "");
  return (
    <div className="max-w-2xl space-y-4">
      <Link to="/admin/eas/licenses" className={`${textLink} text-sm`}>
        {t("admin.licenses.back")}
      </Link>
      <PageTitle>{t("admin.issue.title")}</PageTitle>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("admin.issue.lead")}</p>

      <Form method="get" className={`${card} flex flex-col gap-3 p-4 sm:flex-row sm:items-end`}>
        {eaId && <input type="hidden" name="ea" value={eaId} />}
        <Field
          name="member"
          label={t("admin.issue.member")}
          hint={t("admin.issue.memberHint")}
          defaultValue={params.get("member") ?? ""}
          error={fieldError("member", t("admin.issue.member"))}
          className="flex-1"
        />
        <button
          type="submit"
          data-testid="find-member"
          className={buttonClass({ variant: "secondary", className: "sm:mb-6" })}
        >
          {t("admin.issue.find")}
        </button>
      </Form>

      {found && (
        <Form method="post" noValidate className={`${card} space-y-4 p-4`} data-testid="issue-form">
          <FormErrorAlert error={error} />
          <p className="text-sm">
            {t("admin.issue.for", { member: found.member.nickname, email: found.member.email })}
          </p>
          <input type="hidden" name="member" value={found.member.id} />
          <SelectField
            name="eaId"
            label={t("admin.licenses.ea")}
            defaultValue={eaId}
            error={fieldError("eaId", t("admin.licenses.ea"))}
          >
            <option value="">{t("admin.issue.chooseEa")}</option>
            {eas.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name} ({t(`accountType.${e.accountType}`)})
              </option>
            ))}
          </SelectField>
          {found.accounts.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="no-accounts">
              {t("admin.issue.noAccounts")}
            </p>
          ) : (
            <fieldset>
              <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
                {t("admin.licenses.account")}
              </legend>
              <ul className="mt-2 space-y-2">
                {found.accounts.map((a) => (
                  <li key={a.id}>
                    <label className="flex items-center gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-700">
                      <input
                        type="radio"
                        name="accountId"
                        value={a.id}
                        className="h-4 w-4 text-emerald-600"
                      />
                      <span>
                        {a.brokerName} <span className="font-mono">{a.accountNumber}</span>
                      </span>
                      <AccountTypeBadge type={a.accountType} />
                    </label>
                  </li>
                ))}
              </ul>
              {fieldError("accountId", t("admin.licenses.account")) && (
                <p
                  className="mt-1 text-sm text-red-600 dark:text-red-400"
                  data-testid="error-accountId"
                >
                  {fieldError("accountId", t("admin.licenses.account"))}
                </p>
              )}
            </fieldset>
          )}
          <SubmitButton>{t("admin.issue.submit")}</SubmitButton>
        </Form>
      )}
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
