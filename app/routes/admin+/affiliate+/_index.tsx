import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RateForm } from "#app/components/affiliate/RateForm";
import {
  codeColumn,
  figureColumn,
  linkColumn,
  textColumn,
  yenColumn,
} from "#app/components/table/columns";
import { type PageRow } from "#app/components/table/DataTable";
import { ListPage } from "#app/components/table/ListPage";
import { SearchFilter } from "#app/components/table/ListHeading";
import { searchParamsObject } from "#app/components/table/url";
import { parseForm, saveRecord } from "#app/lib/forms.server";
import { defaultRateInput } from "#domain/affiliate";
import { formatRate } from "#app/lib/money";
import { card } from "#app/components/ui/card";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.key("affiliate:admin.title"),
  i18n: ["affiliate", "admin", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    return json({
      page: await context.trpc.affiliate.referrers(searchParamsObject(request.url)),
      saved: new URL(request.url).searchParams.has("saved"),
    });
  },
);

/** Saves the default rate (audited on the server) and comes back with a success message. */
export const action = /* @__PURE__ */ answerRefusals(({ request, context }: ActionFunctionArgs) =>
  saveRecord(
    parseForm(request, defaultRateInput),
    (form) => context.trpc.affiliate.setDefaultRate(form.input),
    () => "/admin/affiliate?saved=1",
  ),
);

type Row = PageRow<typeof loader>;

/**
 * /admin/affiliate: the default affiliate rate, and the members who referred someone with their
 * number of customers, rewards paid and own rate; searched by nickname, email or code; CSV.
 * Banner management is its own page, /admin/affiliate/banners.
 */
export default function AdminAffiliate() {
  const { t } = useTranslation("affiliate");
  const { page, saved } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const error = result && !result.ok ? result.error : null;
  return (
    <ListPage
      title={t("admin.title")}
      wide
      intro={
        <>
          <SectionTabs section="affiliate" />
          <section className={`${card} p-4`}>
            <RateForm
              intent="default"
              label={t("admin.defaultRate")}
              hint={t("admin.defaultRateHelp")}
              defaultValue={
                result && !result.ok ? (result.values.rate ?? "") : formatRate(page.defaultRateBp)
              }
              error={error}
              saved={saved}
              testId="aff-default-rate"
            />
          </section>
        </>
      }
      filters={{
        label: t("admin.search"),
        fields: (
          <>
            <div className="sm:col-span-2">
              <SearchFilter label={t("admin.search")} />
            </div>
          </>
        ),
      }}
      page={page}
      csvHref="/admin/affiliate/export"
      empty={t("admin.empty")}
      testId="aff-referrers"
      columns={[
        linkColumn<Row>("nickname", t("admin.nickname"), {
          to: (r) => `/admin/affiliate/${r.id}`,
          text: (r) => r.nickname,
          sorted: true,
        }),
        textColumn("email", t("admin.email"), { nowrap: true }),
        codeColumn("code", t("admin.code")),
        figureColumn<Row>("customers", t("admin.customers"), {
          value: (r) => r.customers,
          sorted: true,
        }),
        yenColumn("rewards", t("admin.rewards"), { sorted: true, figures: "tabular" }),
        {
          key: "rate",
          header: t("admin.rate"),
          align: "right",
          nowrap: true,
          cell: (r) =>
            r.rateBp === null
              ? `${formatRate(page.defaultRateBp)}% ${t("admin.defaultMark")}`
              : `${formatRate(r.rateBp)}%`,
        },
      ]}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
