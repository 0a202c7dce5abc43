import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Section } from "#app/components/ui/card";
import { Field, SelectField, SubmitButton } from "#app/components/ui/form";
import { PageTitle } from "#app/components/ui/PageTitle";
import { submitForm } from "#app/lib/forms.server";
import { requesterInput } from "#domain/zengin";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.key("admin-money:zengin.settings.title"),
  i18n: ["admin-money", "errors"],
};

type FieldName = keyof typeof requesterInput.shape;

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  const [requester, holders] = await Promise.all([
    context.trpc.wallet.zenginRequester(),
    context.trpc.wallet.unconvertibleHolders(),
  ]);
  return json({ requester, holders });
});

/** Saves the whole record (audited, before and after); a refusal keeps what was typed. */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const saved = await submitForm(request, requesterInput, (input) =>
      context.trpc.wallet.saveZenginRequester(input),
    );
    if (!saved.ok) return saved.response;
    return redirect("/admin/setting/zengin?saved=1");
  },
);

/**
 * /admin/setting/zengin: the company's data for the Zengin transfer file (依頼人: the code the
 * bank gave, the name in kana, the account the money leaves from) and the transfer day rule.
 */
export default function ZenginSettings() {
  const { t } = useTranslation(["admin-money", "errors"]);
  const { requester, holders } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const error = result && !result.ok ? result.error : null;
  const echoed = result && !result.ok ? result.values : null;
  const field = (name: FieldName, numeric = false) => {
    const refusal = error?.fieldErrors[name];
    const label = t(`zengin.settings.${name}`);
    return {
      name,
      label,
      hint: t(`zengin.settings.${name}Hint`, { defaultValue: "" }) || undefined,
      // One business day ahead until the admin decides otherwise (what the preview assumes).
      defaultValue:
        echoed?.[name] ?? String(requester?.[name] ?? (name === "leadBusinessDays" ? 1 : "")),
      autoComplete: "off",
      ...(numeric ? { inputMode: "numeric" as const } : {}),
      error: refusal ? t(`errors:field.${refusal}`, { field: label }) : null,
    };
  };
  return (
    <div className="space-y-6">
      <PageTitle>{t("zengin.settings.title")}</PageTitle>
      <SectionTabs section="setting" />
      {params.has("saved") && !result && (
        <Alert tone="success" testId="zengin-saved">
          {t("zengin.settings.saved")}
        </Alert>
      )}
      <Section title={t("zengin.settings.section")} testId="zengin-settings">
        <Form method="post" className="space-y-4" noValidate>
          <FormErrorAlert error={error} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field {...field("requesterCode", true)} />
            <Field {...field("requesterName")} />
            <Field {...field("bankCode", true)} />
            <Field {...field("bankName")} />
            <Field {...field("branchCode", true)} />
            <Field {...field("branchName")} />
            <SelectField {...field("accountType")}>
              <option value="savings">{t("zengin.settings.savings")}</option>
              <option value="current">{t("zengin.settings.current")}</option>
            </SelectField>
            <Field {...field("accountNumber", true)} />
            <SelectField {...field("leadBusinessDays")}>
              {[0, 1, 2, 3, 4, 5].map((n) => (
                <option key={n} value={n}>
                  {t("zengin.settings.leadDays", { count: n })}
                </option>
              ))}
            </SelectField>
          </div>
          <SubmitButton>{t("zengin.settings.save")}</SubmitButton>
        </Form>
      </Section>
      <Section title={t("zengin.holders.title")} testId="zengin-holders">
        {holders.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("zengin.holders.none")}</p>
        ) : (
          <div className="space-y-2">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t("zengin.holders.intro", { count: holders.length })}
            </p>
            <ul className="list-disc space-y-1 break-words pl-5 text-sm">
              {holders.map((h) => (
                <li key={h.userId} data-testid="zengin-holder">
                  <Link
                    to={`/admin/customer/${h.userId}`}
                    className="font-medium underline underline-offset-2"
                  >
                    {h.nickname}
                  </Link>{" "}
                  ({h.email}): {h.accountHolder}{" "}
                  <span className="text-slate-600 dark:text-slate-300">
                    ({t(`zengin.holders.problem.${h.problem}`)})
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Section>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
