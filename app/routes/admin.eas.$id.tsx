import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AccountTypeBadge, CategoryBadge } from "~/components/ea/badges";
import { orNotFound } from "~/lib/not-found.server";
import { DetailPage, HiddenBadge } from "~/components/ui/DetailPage";

export const handle = { i18n: ["ea", "admin-money", "errors"] };

export async function loader({ context, params }: LoaderFunctionArgs) {
  const ea = await orNotFound(() => context.trpc.eas.adminGet({ id: params.id ?? "" }));
  return json({ ea });
}

/** One EA in the admin: a summary, then tabs for its details and versions, and its licences. */
export default function AdminEa() {
  const { t } = useTranslation("ea");
  const { ea } = useLoaderData<typeof loader>();
  return (
    <DetailPage
      back={{ to: "/admin/eas", label: t("admin.back") }}
      title={ea.name}
      titleTestId="admin-ea-name"
      badges={
        <>
          <CategoryBadge category={ea.category} />
          <AccountTypeBadge type={ea.accountType} />
          {!ea.active && <HiddenBadge>{t("admin.inactive")}</HiddenBadge>}
        </>
      }
      tabsLabel={t("admin.tabs")}
      tabs={[
        {
          to: `/admin/eas/${ea.id}`,
          end: true,
          label: t("admin.tabDetails"),
          testId: "tab-details",
        },
        {
          to: `/admin/eas/${ea.id}/licenses`,
          label: t("admin.tabLicenses"),
          testId: "tab-licenses",
        },
      ]}
    />
  );
}
