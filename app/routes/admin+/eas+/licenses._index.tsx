import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LicenseTable } from "#app/components/eas/LicenseTable";
import { searchParamsObject } from "#app/components/table/url";
import { licenseDecision } from "#app/lib/ea-licenses.server";
import { buttonClass } from "#app/components/ui/button";
import { PageTitle } from "#app/components/ui/PageTitle";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.key("ea:admin.licenses.title"),
  i18n: ["ea", "admin-money", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const page = await context.trpc.eas.licenses({ ...searchParamsObject(request.url), eaId: "" });
    return json({ page });
  },
);

export const action = /* @__PURE__ */ answerRefusals(licenseDecision);

/** /admin/eas/licenses: every EA's licences and requests, newest first. */
export default function AllLicenses() {
  const { t } = useTranslation("ea");
  const { page } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>{t("admin.licenses.title")}</PageTitle>
        <Link to="/admin/eas/licenses/create" className={buttonClass()}>
          {t("admin.issue.title")}
        </Link>
      </div>
      <SectionTabs section="eas" />
      <LicenseTable page={page} showEa />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
