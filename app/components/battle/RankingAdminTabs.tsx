import { useTranslation } from "react-i18next";
import { Tabs } from "~/components/ui/Tabs";

/** /admin/ranking and its battles: two tabs, no extra admin menu entry. */
export function RankingAdminTabs() {
  const { t } = useTranslation("battle");
  return (
    <Tabs
      label={t("admin.rankingTab")}
      tabs={[
        { to: "/admin/ranking", end: true, label: t("admin.rankingTab") },
        { to: "/admin/ranking/battles", label: t("admin.battlesTab") },
      ]}
    />
  );
}
