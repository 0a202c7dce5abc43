import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "#app/components/ui/ConfirmDialog";
import { Field, SelectField, SubmitButton, useFieldError } from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Facts, Section } from "#app/components/ui/card";
import { focusRing } from "#app/components/shell/styles";
import { parseForm, saveRecord } from "#app/lib/forms.server";
import { settingsInput } from "#domain/settings";
import { formatRate, formatYen } from "#app/lib/money";
import { PageTitle } from "#app/components/ui/PageTitle";
import { fromHundredths } from "#domain/broker-terms";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { answerRefusals } from "#app/lib/refusals.server";

export const handle = { i18n: ["admin-money", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    return json({
      settings: await context.trpc.settings.get(),
      editing: url.searchParams.has("edit"),
      updated: url.searchParams.has("updated"),
    });
  },
);

const FIELDS = [
  "transferFeeRate",
  "transferMin",
  "transferMax",
  "usdtNetwork",
  "paypayDailyLimit",
  "usdJpyRate",
  "secondApprovalFrom",
  "presentSecondApprovalOver",
  "confirmNetworkChange",
] as const;

/** Yen as typed: "1,000" and "1 000" mean a thousand; the schema judges the rest. */
/**
 * Update saves every value at once (the server audits the change, before and after) and goes
 * back to the view with a success message; a refusal stays in edit mode with the errors in
 * place and saves nothing.
 */
export const action = /* @__PURE__ */ answerRefusals(({ request, context }: ActionFunctionArgs) =>
  saveRecord(
    parseForm(request, settingsInput),
    (form) => context.trpc.settings.update(form.input),
    () => "/admin/setting?updated=1",
  ),
);

/**
 * /admin/setting: the money settings (fees, limits, feature switches) with an Edit / Update pattern: the
 * values are shown; Edit turns them into a form; Update saves; Cancel goes back unchanged.
 * The mode is in the URL (?edit), so it survives a reload and works without JavaScript.
 */
export default function AdminSettings() {
  const { t } = useTranslation(["admin-money", "errors"]);
  const { settings, editing, updated } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const error = result && !result.ok ? result.error : null;
  const echoed = result && !result.ok ? result.values : null;
  const errors = {
    transferFeeRate: useFieldError(error, "transferFeeRate", "admin-money:settings.feeRate"),
    transferMin: useFieldError(error, "transferMin", "admin-money:settings.transferMin"),
    transferMax: useFieldError(error, "transferMax", "admin-money:settings.transferMax"),
    usdtNetwork: useFieldError(error, "usdtNetwork", "admin-money:settings.usdtNetwork"),
    paypayDailyLimit: useFieldError(
      error,
      "paypayDailyLimit",
      "admin-money:settings.paypayDailyLimit",
    ),
    usdJpyRate: useFieldError(error, "usdJpyRate", "admin-money:settings.usdJpyRate"),
    secondApprovalFrom: useFieldError(
      error,
      "secondApprovalFrom",
      "admin-money:settings.secondApprovalFrom",
    ),
    presentSecondApprovalOver: useFieldError(
      error,
      "presentSecondApprovalOver",
      "admin-money:settings.presentSecondApprovalOver",
    ),
  };
  const showForm = editing || Boolean(error);
  // A network change waits for the admin to see how many saved addresses it leaves stale.
  const networkChange =
    error?.key === "usdtNetworkConfirm" && echoed
      ? {
          from: String(error.params?.from ?? ""),
          to: String(error.params?.to ?? ""),
          count: Number(error.params?.count ?? 0),
        }
      : null;
  const [dialogOpen, setDialogOpen] = useState(true);
  useEffect(() => setDialogOpen(true), [result]);
  const networkChangeText = networkChange && t("settings.networkChange.body", networkChange);
  /** A number field's props: the value sent last time (after a refusal), else the saved one. */
  const numberField = (
    name:
      | "transferFeeRate"
      | "transferMin"
      | "transferMax"
      | "paypayDailyLimit"
      | "usdJpyRate"
      | "secondApprovalFrom"
      | "presentSecondApprovalOver",
    label: string,
    hint: string,
    saved: string,
  ) => ({
    name,
    label: t(label),
    hint: t(hint),
    inputMode:
      name === "transferFeeRate" || name === "usdJpyRate"
        ? ("decimal" as const)
        : ("numeric" as const),
    autoComplete: "off",
    defaultValue: echoed?.[name] ?? saved,
    error: errors[name],
  });
  const secondary = `inline-flex w-full items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 sm:w-auto dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 ${focusRing}`;

  return (
    <div className="space-y-6">
      <PageTitle>{t("settings.title")}</PageTitle>
      <SectionTabs section="setting" />
      {updated && !showForm && (
        <Alert tone="success" testId="settings-updated">
          {t("settings.updated")}
        </Alert>
      )}
      <Section
        title={t("settings.section")}
        testId="settings"
        actions={
          showForm ? null : (
            <Link to="/admin/setting?edit" className={secondary} data-testid="settings-edit">
              {t("settings.edit")}
            </Link>
          )
        }
      >
        {showForm ? (
          <Form method="post" action="/admin/setting?edit" className="space-y-4" noValidate>
            {networkChange ? (
              // Without JavaScript (or with the dialog closed) the question stays on the page.
              <div className="space-y-3" data-testid="network-change">
                <Alert tone="warning" testId="network-change-notice">
                  {networkChangeText}
                </Alert>
                <SubmitButton name="confirmNetworkChange" value="1" tone="danger">
                  {t("settings.networkChange.confirm", networkChange)}
                </SubmitButton>
              </div>
            ) : (
              <>
                {error && (
                  <Alert tone="error" testId="settings-failed">
                    {t("settings.failed")}
                  </Alert>
                )}
                <FormErrorAlert error={error} />
              </>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                {...numberField(
                  "transferFeeRate",
                  "settings.feeRate",
                  "settings.feeRateHint",
                  formatRate(settings.transferFeeRateBp),
                )}
                className="sm:col-span-2"
              />
              <Field
                {...numberField(
                  "transferMin",
                  "settings.transferMin",
                  "settings.yenHint",
                  String(settings.transferMin),
                )}
              />
              <Field
                {...numberField(
                  "transferMax",
                  "settings.transferMax",
                  "settings.yenHint",
                  String(settings.transferMax),
                )}
              />
              <SelectField
                name="usdtNetwork"
                label={t("settings.usdtNetwork")}
                hint={t("settings.usdtNetworkHint")}
                defaultValue={echoed?.usdtNetwork ?? settings.usdtNetwork}
                error={errors.usdtNetwork}
              >
                <option value="TRC20">TRC20</option>
                <option value="ERC20">ERC20</option>
              </SelectField>
              <Field
                {...numberField(
                  "paypayDailyLimit",
                  "settings.paypayDailyLimit",
                  "settings.paypayDailyLimitHint",
                  String(settings.paypayDailyLimit),
                )}
              />
              <Field
                {...numberField(
                  "secondApprovalFrom",
                  "settings.secondApprovalFrom",
                  "settings.secondApprovalFromHint",
                  String(settings.secondApprovalFrom),
                )}
              />
              <Field
                {...numberField(
                  "presentSecondApprovalOver",
                  "settings.presentSecondApprovalOver",
                  "settings.presentSecondApprovalOverHint",
                  String(settings.presentSecondApprovalOver),
                )}
              />
              <Field
                {...numberField(
                  "usdJpyRate",
                  "settings.usdJpyRate",
                  "settings.usdJpyRateHint",
                  fromHundredths(settings.usdJpyX100),
                )}
              />
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Link to="/admin/setting" className={secondary} data-testid="settings-cancel">
                {t("settings.cancel")}
              </Link>
              <SubmitButton>{t("settings.update")}</SubmitButton>
            </div>
          </Form>
        ) : (
          <Facts
            items={[
              {
                label: t("settings.view.feeRate"),
                value: t("settings.percent", { rate: formatRate(settings.transferFeeRateBp) }),
                testId: "value-feeRate",
              },
              {
                label: t("settings.view.transferRange"),
                value: t("settings.range", {
                  min: formatYen(settings.transferMin),
                  max: formatYen(settings.transferMax),
                }),
                testId: "value-transferRange",
              },
              {
                label: t("settings.view.usdtNetwork"),
                value: settings.usdtNetwork,
                testId: "value-usdtNetwork",
              },
              {
                label: t("settings.view.paypayDailyLimit"),
                value: formatYen(settings.paypayDailyLimit),
                testId: "value-paypayDailyLimit",
              },
              {
                label: t("settings.view.secondApprovalFrom"),
                value: formatYen(settings.secondApprovalFrom),
                testId: "value-secondApprovalFrom",
              },
              {
                label: t("settings.view.presentSecondApprovalOver"),
                value: t("settings.overValue", {
                  amount: formatYen(settings.presentSecondApprovalOver),
                }),
                testId: "value-presentSecondApprovalOver",
              },
              {
                label: t("settings.view.usdJpyRate"),
                value: t("settings.usdJpyValue", { rate: fromHundredths(settings.usdJpyX100) }),
                testId: "value-usdJpyRate",
              },
            ]}
          />
        )}
      </Section>
      {networkChange && echoed && (
        <ConfirmDialog
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          title={t("settings.networkChange.title", networkChange)}
          confirmLabel={t("settings.networkChange.confirm", networkChange)}
          tone="danger"
          fields={{
            ...Object.fromEntries(FIELDS.map((name) => [name, echoed[name] ?? ""])),
            confirmNetworkChange: "1",
          }}
          testId="network-change-dialog"
        >
          <p data-testid="network-change-count">{networkChangeText}</p>
          <p>{t("settings.networkChange.after", networkChange)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
