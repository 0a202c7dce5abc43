import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { card } from "#app/components/ui/card";
import { actionLink } from "#app/components/ui/link";
import { formatDate } from "#app/lib/format";

/** The open campaigns a public page lists, each with the day it ends. */
export function CampaignCards({
  id,
  heading,
  campaigns,
  columns,
}: {
  id: string;
  heading: string;
  campaigns: readonly { id: string; title: string; endsAt: string }[];
  columns: "md:grid-cols-2" | "md:grid-cols-3";
}) {
  const { t } = useTranslation("public");
  if (campaigns.length === 0) return null;
  return (
    <section className="space-y-3" aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold">
        {heading}
      </h2>
      <ul className={`grid gap-3 ${columns}`} data-testid={id}>
        {campaigns.map((c) => (
          <li key={c.id} className={`${card} space-y-1 p-4`}>
            <h3 className="font-semibold [overflow-wrap:anywhere]">{c.title}</h3>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t("home.campaignEnds", { date: formatDate(c.endsAt) })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Help answers a public page points to; `children` follows the list (a link to all of them). */
export function HelpLinks({
  id,
  heading,
  articles,
  children,
}: {
  id: string;
  heading: string;
  articles: readonly { slug: string; title: string }[];
  children?: ReactNode;
}) {
  if (articles.length === 0) return null;
  return (
    <nav className={`${card} p-4`} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="text-xl font-semibold">
        {heading}
      </h2>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {articles.map((h) => (
          <li key={h.slug}>
            <Link to={`/help/${h.slug}`} className={`${actionLink} py-1`}>
              {h.title}
            </Link>
          </li>
        ))}
      </ul>
      {children}
    </nav>
  );
}
