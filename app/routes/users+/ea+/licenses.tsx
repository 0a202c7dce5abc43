import ArrowDownTrayIcon from "@heroicons/react/20/solid/ArrowDownTrayIcon";
import { JapaneseOnly } from "#app/components/JapaneseOnly";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LicenseReason } from "#app/components/eas/badges";
import { licenseKeyColumn, licenseStatusColumn } from "#app/components/eas/columns";
import { BrokerAccount, dateColumn, linkColumn } from "#app/components/table/columns";
import { type PageRow } from "#app/components/table/DataTable";
import { ListPage } from "#app/components/table/ListPage";
import { SelectFilter } from "#app/components/table/TableFilters";
import { buttonClass } from "#app/components/ui/button";
import { BackLink } from "#app/components/BackLink";
import { answerRefusals } from "#app/lib/refusals.server";
import { listLoader } from "#app/lib/list-loader.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("ea:licenses.title"), i18n: ["ea", "errors"] };

const STATUSES = ["pending", "active", "rejected", "revoked"] as const;

export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ listLoader((trpc, params) => trpc.eas.myLicenses(params)),
);

type Row = PageRow<typeof loader>;

/** /users/ea/licenses: the member's licences: key, account, state, and the download. */
export default function MyLicenses() {
  const { t } = useTranslation("ea");
  const { page } = useLoaderData<typeof loader>();
  return (
    <ListPage
      title={t("licenses.title")}
      back={<BackLink to="/users/ea">{t("back")}</BackLink>}
      filters={{
        label: t("licenses.filters"),
        fields: (
          <SelectFilter
            name="status"
            label={t("licenses.status")}
            allLabel={t("licenses.allStatuses")}
            options={STATUSES.map((value) => ({ value, label: t(`licenseStatus.${value}`) }))}
          />
        ),
      }}
      page={page}
      empty={t("licenses.empty")}
      testId="my-licenses"
      columns={[
        linkColumn<Row>("ea", t("licenses.ea"), {
          to: (r) => `/users/ea/${r.eaId}`,
          text: (r) => <JapaneseOnly text={r.eaName} japanese={r.japanese.eaName} />,
          className: "min-w-32",
        }),
        {
          key: "account",
          header: t("licenses.account"),
          cell: (r) => (
            <BrokerAccount
              broker={r.account.brokerName}
              number={r.account.accountNumber}
              testId="license-account-cell"
            />
          ),
        },
        licenseKeyColumn<Row>(t("licenseKey"), {
          keyClass: () => "select-all text-sm",
          testId: "license-key",
        }),
        licenseStatusColumn<Row>(
          t("licenses.status"),
          (r) => r.reason && <LicenseReason reason={r.reason} lang={r.reasonLang} />,
        ),
        dateColumn("requestedAt", t("licenses.requestedAt"), { key: "createdAt", sorted: true }),
        dateColumn("issuedAt", t("licenses.issuedAt")),
        {
          key: "download",
          header: <span className="sr-only">{t("download")}</span>,
          cell: (r) =>
            r.canDownload ? (
              <a
                href={`/users/ea/${r.eaId}/download`}
                download
                data-testid="license-download"
                aria-label={t("downloadOf", { name: r.eaName })}
                className={buttonClass({ size: "sm" })}
              >
                <ArrowDownTrayIcon className="h-4 w-4" aria-hidden="true" />
                {t("download")}
              </a>
            ) : null,
        },
      ]}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
