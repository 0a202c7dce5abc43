import { randomUUID } from "node:crypto";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { MoneyRequestForm, useMoneyRequestForm } from "#app/components/MoneyRequestForm";
import { Field, TextAreaField, useFieldError } from "#app/components/ui/form";
import { HelpLinks } from "#app/components/help/HelpLinks";
import { submitForm } from "#app/lib/forms.server";
import { keepWorkWhenOffline } from "#app/lib/forms-offline";
import { formatRate, formatYen } from "#app/lib/money";
import { transferFormInput, transferInput } from "#domain/withdrawal";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.tab("wallet:tabs.transfer", "wallet:title"),
  i18n: ["wallet", "auth", "errors", "help"],
};

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  const [terms, help] = await Promise.all([
    context.trpc.wallet.terms(),
    context.trpc.help.links({ page: "transfer" }),
  ]);
  return json({ terms, requestKey: randomUUID(), help });
});

/**
 * The range the admin set, so a refused amount names it (the service checks it again). Not
 * read (the database failing), the form goes on with the plain schema: the request then keeps
 * the member's input as any failed request does.
 */
async function transferLimits(context: ActionFunctionArgs["context"]) {
  try {
    const terms = await context.trpc.wallet.terms();
    return { min: terms.transferMin, max: terms.transferMax };
  } catch {
    return null;
  }
}

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const limits = await transferLimits(context);
    const result = await submitForm(
      request,
      limits ? transferFormInput(limits) : transferInput,
      (input) => context.trpc.wallet.requestTransfer(input),
      { money: { log: context.log } },
    );
    if (!result.ok) return result.response;
    return redirect("/users/withdraw?requested=transfer");
  },
);

/** A request lost on the way (no signal) keeps the page and the input too. */
export const clientAction = keepWorkWhenOffline("submitUnsure");

/** The same rounding as the server (server/features/settings/service.ts transferFee). */
function feeFor(amount: number, rateBp: number): number {
  return Math.floor((amount * rateBp) / 10_000);
}

export default function Transfer() {
  const { t } = useTranslation("wallet");
  const { terms, requestKey, help } = useLoaderData<typeof loader>();
  const schema = useMemo(
    () => transferFormInput({ min: terms.transferMin, max: terms.transferMax }),
    [terms.transferMin, terms.transferMax],
  );
  const form = useMoneyRequestForm(schema);
  const { error, values: echoed } = form;
  const [amountText, setAmountText] = useState(echoed.amount ?? "");
  const [message, setMessage] = useState(echoed.message ?? "");
  const emailError = useFieldError(error, "email", "wallet:transfer.email");
  const amountError = useFieldError(error, "amount", "wallet:transfer.amount", {
    min: formatYen(terms.transferMin),
    max: formatYen(terms.transferMax),
  });
  const messageError = useFieldError(error, "message", "wallet:transfer.message");
  const amount = Number(amountText.replace(/[,\s]/g, ""));
  const valid = Number.isInteger(amount) && amount > 0;
  const fee = valid ? feeFor(amount, terms.transferFeeRateBp) : 0;

  return (
    <MoneyRequestForm
      form={form}
      requestKey={requestKey}
      heading={
        <div>
          <h2 className="text-lg font-semibold">{t("transfer.title")}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("transfer.lead")}</p>
          <HelpLinks links={help} />
        </div>
      }
      submit={t("transfer.submit")}
    >
      <Field
        name="email"
        type="email"
        autoComplete="off"
        label={t("transfer.email")}
        defaultValue={echoed.email ?? ""}
        error={emailError}
        required
      />
      <Field
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        label={t("transfer.amount")}
        hint={t("transfer.range", {
          min: formatYen(terms.transferMin),
          max: formatYen(terms.transferMax),
        })}
        value={amountText}
        onChange={(e) => setAmountText(e.target.value)}
        error={amountError}
        required
      />
      <TextAreaField
        {...form.limits("message")}
        name="message"
        rows={3}
        label={t("transfer.message")}
        hint={t("transfer.count", { count: message.length })}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={messageError}
      />
      <dl
        className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800"
        data-testid="transfer-quote"
        aria-live="polite"
      >
        <dt>{t("transfer.fee", { rate: formatRate(terms.transferFeeRateBp) })}</dt>
        <dd className="text-right tabular-nums" data-testid="transfer-fee">
          {formatYen(fee)}
        </dd>
        <dt className="font-semibold">{t("transfer.total")}</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="transfer-total">
          {formatYen(valid ? amount + fee : 0)}
        </dd>
      </dl>
    </MoneyRequestForm>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
