import { randomUUID } from "node:crypto";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { MoneyRequestForm, useMoneyRequestForm } from "#app/components/MoneyRequestForm";
import { Field, RadioCards, useFieldError } from "#app/components/ui/form";
import { Alert } from "#app/components/ui/Alert";
import { Facts } from "#app/components/ui/card";
import { submitForm } from "#app/lib/forms.server";
import { keepWorkWhenOffline } from "#app/lib/forms-offline";
import { formatYen } from "#app/lib/money";
import {
  type Method,
  WITHDRAWAL_METHODS as METHODS,
  WITHDRAWAL_FEES as FEES,
  WITHDRAWAL_MINIMUMS as MINIMUMS,
  WITHDRAWAL_PROCESSING_DAYS,
  withdrawalFormInput,
  withdrawalInput,
} from "#domain/withdrawal";
import { actionLink } from "#app/components/ui/link";
import { HelpLinks } from "#app/components/help/HelpLinks";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.tab("wallet:tabs.new", "wallet:title"),
  i18n: ["wallet", "auth", "errors", "help"],
};

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  const [terms, summary, payment, help] = await Promise.all([
    context.trpc.wallet.terms(),
    context.trpc.wallet.summary(),
    context.trpc.profile.paymentDetails(),
    context.trpc.help.links({ page: "withdrawal" }),
  ]);
  // A fresh key per rendered form: submitting it twice makes one request.
  return json({
    terms,
    available: summary.available,
    payee: payment.masked,
    requestKey: randomUUID(),
    help,
  });
});

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const result = await submitForm(
      request,
      withdrawalInput,
      (input) => context.trpc.wallet.requestWithdrawal(input),
      { money: { log: context.log } },
    );
    if (!result.ok) return result.response;
    return redirect(`/users/withdraw?requested=${result.data.nextBusinessDay ? "nextday" : "1"}`);
  },
);

/** A request lost on the way (no signal) keeps the page and the input too. */
export const clientAction = keepWorkWhenOffline("submitUnsure");

type Masked = Record<string, string | null>;

/** The registered payee of a method, as the member's profile shows it (masked). */
function payeeText(
  method: Method,
  p: Masked,
  t: (key: string, o?: Record<string, unknown>) => string,
): string | null {
  switch (method) {
    case "bank":
      return p.bankName && p.bankAccountNumber
        ? [
            p.bankName,
            p.branchName,
            p.accountType ? t(`payee.${p.accountType}`) : "",
            p.bankAccountNumber,
            p.accountHolder,
          ]
            .filter(Boolean)
            .join(" ")
        : null;
    case "usdt":
      return p.usdtAddress ?? null;
    case "paypay":
      return p.paypayId ? t("payee.paypay", { id: p.paypayId }) : null;
    case "bitwallet":
      return p.bitwalletEmail ?? null;
    case "exness":
      return p.exnessEmail ?? null;
    case "peska":
      return p.peskaEmail ?? null;
  }
}

export default function NewWithdrawal() {
  const { t } = useTranslation("wallet");
  const { terms, available, payee, requestKey, help } = useLoaderData<typeof loader>();
  const schema = useMemo(() => withdrawalFormInput(available), [available]);
  const form = useMoneyRequestForm(schema);
  const { error, values: echoed } = form;
  const [method, setMethod] = useState<Method>((echoed.method as Method | undefined) || "bank");
  const amountError = useFieldError(error, "amount", "wallet:request.amount", {
    min: formatYen(MINIMUMS[method]),
    available: formatYen(available),
  });
  const methodError = useFieldError(error, "method", "wallet:request.method");
  const registered = payeeText(method, payee as Masked, t);

  return (
    <MoneyRequestForm
      form={form}
      requestKey={requestKey}
      heading={
        <div className="space-y-1">
          <h2 className="text-lg font-semibold">{t("tabs.new")}</h2>
          <HelpLinks links={help} />
        </div>
      }
      submit={t("request.submit")}
    >
      <RadioCards
        name="method"
        legend={t("request.method")}
        options={METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
        value={method}
        onChange={setMethod}
        error={methodError}
      />

      <div className="rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800" data-testid="payee">
        <p className="font-medium">{t("request.payee")}</p>
        <p className="mt-1 break-all">
          {registered ?? (
            <span className="text-red-700 dark:text-red-400">{t("request.notRegistered")}</span>
          )}
        </p>
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">{t("request.payeeNote")}</p>
        <Link to="/users/mypage" className={`${actionLink} mt-1 text-xs`}>
          {t("request.editPayee")}
        </Link>
      </div>

      <Field
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        label={t("request.amount")}
        hint={`${t("request.minimum", { min: formatYen(MINIMUMS[method]) })} ／ ${t("situation.available")}: ${formatYen(available)}`}
        defaultValue={echoed.amount ?? ""}
        error={amountError}
        required
      />

      {method === "usdt" && (
        <div className="space-y-2">
          <Alert tone="info">{t("request.usdtNetwork", { network: terms.usdtNetwork })}</Alert>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="confirmed"
              className="mt-1 accent-emerald-600"
              data-testid="usdt-confirm"
            />
            <span>{t("request.usdtConfirm", { network: terms.usdtNetwork })}</span>
          </label>
        </div>
      )}
      {method === "exness" && <Alert tone="info">{t("request.exnessNotice")}</Alert>}
      {method === "paypay" && (
        <Alert tone="info">
          {t("request.paypayNotice", { limit: formatYen(terms.paypayDailyLimit) })}
        </Alert>
      )}

      <div
        className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
        data-testid="method-terms"
      >
        <p className="text-sm font-medium">
          {t("request.termsTitle", { method: t(`methods.${method}`) })}
        </p>
        <Facts
          items={[
            {
              label: t("request.fee"),
              value: FEES[method] === 0 ? t("request.feeNone") : formatYen(FEES[method]),
              testId: "method-fee",
            },
            {
              label: t("request.minimumLabel"),
              value: formatYen(MINIMUMS[method]),
              testId: "method-minimum",
            },
            {
              label: t("request.arrival"),
              value: (
                <>
                  <span className="block" data-testid="method-arrival">
                    {t("request.arrivalDays", { days: WITHDRAWAL_PROCESSING_DAYS })}
                  </span>
                  <span className="block" data-testid="expected-by">
                    {t("request.expectedBy", {
                      date: terms.withdrawalExpectedBy.replaceAll("-", "/"),
                    })}
                  </span>
                  {method === "paypay" && (
                    <span className="block" data-testid="paypay-late">
                      {t("request.paypayLate", {
                        date: terms.paypayLateExpectedBy.replaceAll("-", "/"),
                      })}
                    </span>
                  )}
                </>
              ),
            },
          ]}
        />
        <p className="text-xs text-slate-600 dark:text-slate-300">{t("request.feeNote")}</p>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-300">{t("request.holdNote")}</p>
    </MoneyRequestForm>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
