import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { card } from "#app/components/ui/card";
import { Tabs } from "#app/components/ui/Tabs";
import { Money } from "#app/components/ui/Money";
import { PageTitle } from "#app/components/ui/PageTitle";
import { actionLink } from "#app/components/ui/link";
import { UsdtAddressBanner } from "#app/components/UsdtAddressBanner";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  // The withdrawal, transfer and history tabs share the heading above the tabs.
  title: title.key("wallet:title"),
  i18n: ["wallet", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  const [summary, usdtNotice] = await Promise.all([
    context.trpc.wallet.summary(),
    context.trpc.wallet.usdtAddressNotice(),
  ]);
  return json({ summary, usdtNotice });
});

const TABS = [
  { to: "/users/withdraw", key: "history", end: true },
  { to: "/users/withdraw/new", key: "new", end: false },
  { to: "/users/withdraw/transfer", key: "transfer", end: false },
] as const;

/** The withdrawal area: the situation on top, then history, a new request, or a transfer. */
export default function WithdrawLayout() {
  const { t } = useTranslation("wallet");
  const { summary, usdtNotice } = useLoaderData<typeof loader>();
  const cards = [
    { label: t("situation.available"), value: summary.available, testId: "available" },
    { label: t("situation.held"), value: summary.held, testId: "held" },
    { label: t("situation.withdrawn"), value: summary.totalWithdrawn, testId: "withdrawn" },
  ];
  return (
    <div className="space-y-6">
      <PageTitle>{t("title")}</PageTitle>
      <UsdtAddressBanner notice={usdtNotice} />
      <section aria-labelledby="situation-title" className="space-y-3">
        <h2 id="situation-title" className="sr-only">
          {t("situation.title")}
        </h2>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
          {cards.map((c) => (
            // The available balance has the phone's full width: eight figures on one line.
            <div
              key={c.testId}
              className={`${card} p-3 sm:p-4 ${c.testId === "available" ? "col-span-2 sm:col-span-1" : ""}`}
            >
              <dt className="text-xs text-slate-500 sm:text-sm dark:text-slate-400">{c.label}</dt>
              <dd className="mt-1" data-testid={`wallet-${c.testId}`}>
                <Money yen={c.value} size="lg" />
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("situation.processing")}</p>
        <Link
          to="/users/statement"
          className={`${actionLink} text-sm`}
          data-testid="statement-link"
        >
          {t("statementLink")}
        </Link>
      </section>
      <Tabs
        label={t("title")}
        tabs={TABS.map((tab) => ({ to: tab.to, end: tab.end, label: t(`tabs.${tab.key}`) }))}
      />
      <Outlet />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
