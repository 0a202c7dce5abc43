import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { focusRing } from "~/components/shell/styles";

/** /admin/ranking and its battles: two tabs, no extra admin menu entry. */
export function RankingAdminTabs({ current }: { current: "ranking" | "battles" }) {
  const { t } = useTranslation("battle");
  const tabs = [
    { key: "ranking", to: "/admin/ranking", label: t("admin.rankingTab") },
    { key: "battles", to: "/admin/ranking/battles", label: t("admin.battlesTab") },
  ] as const;
  return (
    <nav
      aria-label={t("admin.rankingTab")}
      className="flex gap-1 border-b border-slate-200 dark:border-slate-700"
    >
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          aria-current={tab.key === current ? "page" : undefined}
          className={`-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-semibold ${focusRing} ${
            tab.key === current
              ? "border-emerald-700 text-emerald-800 dark:border-emerald-400 dark:text-emerald-300"
              : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
          }`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
