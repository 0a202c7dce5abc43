import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AccountStatusBadge } from "#app/components/AccountStatus";
import { Section } from "#app/components/ui/card";
import { timeColumn } from "#app/components/table/columns";
import { DataTable } from "#app/components/table/DataTable";
import { attempt, parseForm } from "#app/lib/forms.server";
import { EaAccountTypes } from "./__ea-account-types";
import { keepWorkWhenOffline } from "#app/lib/forms-offline";
import { formatDate } from "#app/lib/format";
import { searchParamsObject } from "#app/components/table/url";
import { PageTitle } from "#app/components/ui/PageTitle";
import { accountTypeForm, addAccountInput } from "#domain/broker-account";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";
import { AddAccount } from "./__add-account";
import { BrokerBanners } from "./__broker-banners";
import { intentOf, MissingTypePrompt } from "./__missing-type";
import { eaRequestForm, registered, requestEaDedicated, setAccountType } from "./bank.server";

export const handle = {
  title: title.key("accounts:title"),
  i18n: ["accounts", "brokers", "ea", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const [brokers, accounts, rateCard, eaTypes, missingType] = await Promise.all([
      context.trpc.brokers.active(),
      context.trpc.brokers.accounts.mine(searchParamsObject(request.url)),
      context.trpc.brokers.rates(),
      context.trpc.eas.myAccountTypes(),
      context.trpc.brokers.accounts.missingType(),
    ]);
    return json({ brokers, accounts, rateCard, eaTypes, missingType });
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    // The page's three forms say which they are (`intent`); the registration names none.
    const parsed = await parseForm(request, (form) => {
      const intent = form.get("intent");
      return intent === "eaRequest"
        ? eaRequestForm()
        : intent === "setType"
          ? accountTypeForm
          : addAccountInput;
    });
    if (!parsed.ok) return parsed.response;
    const { value, values } = parsed;
    if ("intent" in value) {
      return value.intent === "eaRequest"
        ? requestEaDedicated(context, values, value)
        : setAccountType(context, values, value);
    }
    const result = await attempt(values, () => context.trpc.brokers.accounts.add(value), {
      // A registration is one row: after a failure, the member's newest accounts say whether it
      // was recorded (then sending again would only be refused as taken).
      money: { log: context.log, recorded: () => registered(context, value) },
    });
    if (!result.ok) return result.response;
    return json({ ok: true as const, accountNumber: result.data.accountNumber });
  },
);

/** A request lost on the way (no signal) keeps the page and the input too. */
export const clientAction = keepWorkWhenOffline("submitUnsureAccount");

/**
 * /users/bank: the brokers (each banner opens its sign-up page), the form to register a
 * cashback account, the member's registered accounts with their status, and their approved
 * accounts' EA type with the request for the EA-dedicated type.
 */
export default function Bank() {
  const { t } = useTranslation(["accounts", "errors"]);
  const { brokers, accounts, rateCard, eaTypes, missingType } = useLoaderData<typeof loader>();
  const termsOf = new Map(rateCard.brokers.map((b) => [b.id, b]));
  const actionData = useActionData<typeof action>();
  const intent = intentOf(actionData);
  const eaAnswer = intent === "eaRequest" ? actionData : undefined;
  const typeAnswer = intent === "setType" ? actionData : undefined;

  return (
    <div className="space-y-6">
      <PageTitle>{t("title")}</PageTitle>
      {/* First on the page: until a type is chosen the account is paid at the default type. */}
      <MissingTypePrompt accounts={missingType} answer={typeAnswer} />
      <BrokerBanners brokers={brokers} termsOf={termsOf} />
      <AddAccount
        brokers={brokers}
        termsOf={termsOf}
        result={intent === null ? actionData : undefined}
      />
      <Section title={t("list.title")} testId="my-accounts">
        <DataTable
          label={t("list.title")}
          page={accounts}
          empty={t("list.empty")}
          columns={[
            {
              key: "broker",
              header: t("list.company"),
              sortKey: "broker",
              cell: (r) => r.brokerName,
              nowrap: true,
            },
            {
              key: "number",
              header: t("list.accountNumber"),
              cell: (r) => <span className="font-mono">{r.accountNumber}</span>,
              nowrap: true,
            },
            {
              key: "accountType",
              header: t("list.accountType"),
              cell: (r) => r.accountType ?? "—",
            },
            {
              key: "status",
              header: t("list.status"),
              sortKey: "status",
              cell: (r) => (
                <AccountStatusBadge
                  status={r.status}
                  reason={r.denyReason}
                  reasonLang={r.denyReasonLang}
                />
              ),
            },
            {
              key: "approvedAt",
              header: t("list.approvedAt"),
              sortKey: "decidedAt",
              firstDir: "desc",
              cell: (r) => (r.approvedAt ? formatDate(r.approvedAt) : "—"),
              nowrap: true,
            },
            timeColumn("createdAt", t("list.createdAt"), { sorted: true, format: formatDate }),
          ]}
        />
      </Section>

      <EaAccountTypes
        accounts={eaTypes}
        requested={eaAnswer?.ok && "label" in eaAnswer ? eaAnswer.label : null}
        error={eaAnswer && !eaAnswer.ok ? eaAnswer.error : null}
      />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
