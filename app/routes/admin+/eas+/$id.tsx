import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AccountTypeBadge, CategoryBadge } from "#app/components/eas/badges";
import { orNotFound } from "#app/lib/not-found.server";
import { DetailPage } from "#app/components/ui/DetailPage";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.named("ea.name"), i18n: ["ea", "admin-money", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ context, params }: LoaderFunctionArgs) => {
    const ea = await orNotFound(() => context.trpc.eas.adminGet({ id: params.id ?? "" }));
    return json({ ea });
  },
);

/** One EA in the admin: a summary, then tabs for its details and versions, and its licences. */
export default function AdminEa() {
  const { t } = useTranslation("ea");
  const { ea } = useLoaderData<typeof loader>();
  return (
    <DetailPage
      back={{ to: "/admin/eas", label: t("admin.back") }}
      base={`/admin/eas/${ea.id}`}
      title={ea.name}
      titleTestId="admin-ea-name"
      badges={
        <>
          <CategoryBadge category={ea.category} />
          <AccountTypeBadge type={ea.accountType} />
        </>
      }
      hidden={!ea.active && t("admin.inactive")}
      tabsLabel={t("admin.tabs")}
      tabs={[
        { path: "", label: t("admin.tabDetails"), testId: "tab-details" },
        { path: "licenses", label: t("admin.tabLicenses"), testId: "tab-licenses" },
      ]}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
