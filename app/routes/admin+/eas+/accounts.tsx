import { type ActionFunctionArgs, json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dateColumn, memberColumn } from "#app/components/admin/cells";
import { AccountTypeBadge } from "#app/components/eas/badges";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { BrokerAccount } from "#app/components/table/columns";
import { ListPage } from "#app/components/table/ListPage";
import { SearchFilter } from "#app/components/table/ListHeading";
import { SelectFilter } from "#app/components/table/TableFilters";
import { attempt, parseForm } from "#app/lib/forms.server";
import { setDedicatedInput } from "#domain/ea";
import { buttonClass } from "#app/components/ui/button";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { answerRefusals } from "#app/lib/refusals.server";
import { listLoader } from "#app/lib/list-loader.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("ea:admin.accounts.title"), i18n: ["ea", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ listLoader((trpc, params) => trpc.eas.dedicatedAccounts(params)),
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const parsed = await parseForm(request, setDedicatedInput);
    if (!parsed.ok) return parsed.response;
    const { values } = parsed;
    const result = await attempt(values, () => context.trpc.eas.setDedicated(parsed.value));
    if (!result.ok) return result.response;
    // The row's label names the account in the notice.
    return json({ ok: true as const, dedicated: result.data.dedicated, label: values.label ?? "" });
  },
);

/**
 * /admin/eas/accounts: members' approved broker accounts and their EA account type. An admin
 * marks an account EA-dedicated once it is confirmed as one (the broker accounts themselves
 * carry no type); EAs for EA-dedicated accounts are licensed only on those.
 */
export default function EaAccounts() {
  const { t } = useTranslation(["ea", "errors"]);
  const { page } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <ListPage
      title={t("admin.accounts.title")}
      intro={
        <>
          <SectionTabs section="eas" />
          <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-300">
            {t("admin.accounts.lead")}
          </p>
        </>
      }
      filters={{
        label: t("admin.accounts.filters"),
        fields: (
          <>
            <SearchFilter
              label={t("admin.accounts.search")}
              hint={t("admin.accounts.searchHint")}
            />
            <SelectFilter
              name="type"
              label={t("admin.fields.accountType")}
              allLabel={t("admin.accounts.allTypes")}
              options={[
                { value: "ea_dedicated", label: t("accountType.ea_dedicated") },
                { value: "regular", label: t("accountType.regular") },
              ]}
            />
          </>
        ),
      }}
      notices={
        <>
          {result?.ok && (
            <Alert tone="success" testId="type-changed">
              {t(result.dedicated ? "admin.accounts.doneDedicated" : "admin.accounts.doneRegular", {
                account: result.label,
              })}
            </Alert>
          )}
          <FormErrorAlert error={result && !result.ok ? result.error : null} />
        </>
      }
      page={page}
      empty={t("admin.accounts.empty")}
      testId="ea-accounts-table"
      columns={[
        memberColumn(t("admin.licenses.member"), { sortKey: "member" }),
        {
          key: "account",
          header: t("admin.licenses.account"),
          cell: (r) => <BrokerAccount broker={r.brokerName} number={r.accountNumber} />,
        },
        dateColumn("registeredAt", t("admin.accounts.registeredAt"), {
          key: "createdAt",
          sorted: true,
        }),
        {
          key: "type",
          header: t("admin.fields.accountType"),
          cell: (r) => <AccountTypeBadge type={r.accountType} />,
        },
        {
          key: "action",
          header: <span className="sr-only">{t("admin.licenses.actions")}</span>,
          cell: (r) => {
            const toDedicated = r.accountType !== "ea_dedicated";
            const label = `${r.brokerName} ${r.accountNumber}`;
            return (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="accountId" value={r.id} />
                <input type="hidden" name="dedicated" value={toDedicated ? "1" : "0"} />
                <input type="hidden" name="label" value={label} />
                <button
                  type="submit"
                  disabled={navigation.state === "submitting"}
                  data-testid={toDedicated ? "make-dedicated" : "make-regular"}
                  aria-label={t(
                    toDedicated
                      ? "admin.accounts.makeDedicatedOne"
                      : "admin.accounts.makeRegularOne",
                    {
                      account: label,
                    },
                  )}
                  className={buttonClass({ variant: "secondary", size: "sm" })}
                >
                  {t(toDedicated ? "admin.accounts.makeDedicated" : "admin.accounts.makeRegular")}
                </button>
              </Form>
            );
          },
        },
      ]}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
