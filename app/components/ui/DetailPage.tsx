import { Link, Outlet } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge } from "./Badge";
import { actionLink } from "./link";
import { PageTitle } from "./PageTitle";
import { type Tab, Tabs } from "./Tabs";

/**
 * One record's page in the admin (a campaign, a gacha, an EA): the way back to its list, its
 * name with its badges, a line of facts, then its tabs, each tab a child route.
 */
export function DetailPage({
  back,
  title,
  titleTestId,
  badges,
  summary,
  tabsLabel,
  tabs,
}: {
  back: { to: string; label: string };
  title: string;
  titleTestId?: string;
  badges?: ReactNode;
  summary?: ReactNode;
  tabsLabel: string;
  tabs: readonly Tab[];
}) {
  return (
    <div className="space-y-5">
      <Link to={back.to} className={`${actionLink} text-sm`}>
        {back.label}
      </Link>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <PageTitle data-testid={titleTestId}>{title}</PageTitle>
          {badges}
        </div>
        {summary && <p className="text-sm text-slate-600 dark:text-slate-300">{summary}</p>}
      </div>
      <Tabs label={tabsLabel} tabs={tabs} />
      <Outlet />
    </div>
  );
}

/** A grey badge for a record that members do not see (inactive, unpublished). */
export function HiddenBadge({ children }: { children: ReactNode }) {
  return <Badge tone="neutral">{children}</Badge>;
}
