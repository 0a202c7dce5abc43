import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RateForm } from "#app/components/affiliate/RateForm";
import { formatDate } from "#app/lib/format";
import { parseForm, saveRecord } from "#app/lib/forms.server";
import { memberRateInput } from "#domain/affiliate";
import { formatRate, formatYen } from "#app/lib/money";
import { card } from "#app/components/ui/card";
import { textLink } from "#app/components/ui/link";
import { PageTitle } from "#app/components/ui/PageTitle";
import { answerRefusals } from "#app/lib/refusals.server";
import type { Titler } from "#app/lib/page-title";

export const handle = {
  // "<affiliates> | <nickname>": the customer page has the nickname alone.
  title: ((t, data) => {
    const name = (data as { referrer?: { nickname?: string } } | undefined)?.referrer?.nickname;
    return name ? `${t("admin.affiliates")} | ${name}` : undefined;
  }) satisfies Titler,
  i18n: ["affiliate", "admin", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, params, context }: LoaderFunctionArgs) => {
    return json({
      referrer: await context.trpc.affiliate.referrer({ userId: params.id ?? "" }),
      saved: new URL(request.url).searchParams.has("saved"),
    });
  },
);

/** Saves the member's own rate, or removes it when empty (audited on the server). */
export const action = /* @__PURE__ */ answerRefusals(
  ({ request, params, context }: ActionFunctionArgs) => {
    // The member is the page's; the form sends the rate (blank: back to the default).
    const userId = params.id ?? "";
    return saveRecord(
      parseForm(request, memberRateInput.pick({ rate: true })),
      (form) => context.trpc.affiliate.setMemberRate({ userId, rate: form.input.rate }),
      () => `/admin/affiliate/${encodeURIComponent(userId)}?saved=1`,
    );
  },
);

/** /admin/affiliate/:id: one referrer, their own rate, and their customers with rewards. */
export default function AdminAffiliateReferrer() {
  const { t } = useTranslation("affiliate");
  const { referrer, saved } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const error = result && !result.ok ? result.error : null;
  const cell = "whitespace-nowrap px-3 py-2";
  return (
    <div className="space-y-6">
      <Link to="/admin/affiliate" className={`${textLink} text-sm`}>
        {t("admin.back")}
      </Link>
      <PageTitle>{referrer.nickname}</PageTitle>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {referrer.email} · <span className="font-mono">{referrer.code}</span>
      </p>
      <section className={`${card} p-4`}>
        <RateForm
          intent="member"
          label={t("admin.memberRate")}
          hint={`${t("admin.memberRateHelp")} ${t("admin.defaultIs", { rate: formatRate(referrer.defaultRateBp) })}`}
          defaultValue={
            result && !result.ok
              ? (result.values.rate ?? "")
              : referrer.rateBp === null
                ? ""
                : formatRate(referrer.rateBp)
          }
          error={error}
          saved={saved}
          testId="aff-member-rate"
        />
      </section>
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">{t("admin.customerList")}</h2>
        <div className={`${card} overflow-x-auto`}>
          <table className="min-w-full text-sm" data-testid="aff-referrer-customers">
            <thead>
              <tr className="border-b border-slate-200 text-left dark:border-slate-700">
                <th scope="col" className={cell}>
                  {t("customers.name")}
                </th>
                <th scope="col" className={cell}>
                  {t("admin.email")}
                </th>
                <th scope="col" className={cell}>
                  {t("admin.registered")}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {t("admin.approvedAccounts")}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {t("admin.rewards")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {referrer.customers.length === 0 ? (
                <tr>
                  <td colSpan={5} className="px-3 py-4 text-slate-500 dark:text-slate-400">
                    {t("customers.empty")}
                  </td>
                </tr>
              ) : (
                referrer.customers.map((c) => (
                  <tr key={c.id}>
                    <td className={cell}>
                      <Link to={`/admin/customer/${c.id}`} className={`${textLink}`}>
                        {c.nickname}
                      </Link>
                    </td>
                    <td className={cell}>{c.email}</td>
                    <td className={cell}>{formatDate(c.registeredAt)}</td>
                    <td className={`${cell} text-right tabular-nums`}>{c.approvedAccounts}</td>
                    <td className={`${cell} text-right tabular-nums`}>{formatYen(c.rewards)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
