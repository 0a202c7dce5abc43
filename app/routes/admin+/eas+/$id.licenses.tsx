import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LicenseTable } from "#app/components/eas/LicenseTable";
import { searchParamsObject } from "#app/components/table/url";
import { licenseDecision } from "#app/lib/ea-licenses.server";
import { buttonClass } from "#app/components/ui/button";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.tabNamed("ea:admin.tabLicenses", "ea.name"),
  i18n: ["ea", "admin-money", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: LoaderFunctionArgs) => {
    const eaId = params.id ?? "";
    const page = await context.trpc.eas.licenses({ ...searchParamsObject(request.url), eaId });
    return json({ eaId, page });
  },
);

export const action = /* @__PURE__ */ answerRefusals(licenseDecision);

/** /admin/eas/{id}/licenses: this EA's licences and requests, with their decisions. */
export default function EaLicenses() {
  const { t } = useTranslation("ea");
  const { eaId, page } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Link to={`/admin/eas/licenses/create?ea=${eaId}`} className={buttonClass()}>
          {t("admin.issue.title")}
        </Link>
      </div>
      <LicenseTable page={page} showEa={false} />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
