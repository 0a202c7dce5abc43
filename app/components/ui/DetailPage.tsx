import { Link, Outlet } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge } from "./Badge";
import { actionLink } from "./link";
import { PageTitle } from "./PageTitle";
import { type Tab, Tabs } from "./Tabs";

/** A tab of a detail page: a child route's path below the record's (`""` for the record's own). */
export interface DetailTab {
  path: string;
  label: ReactNode;
  testId?: string;
}

/**
 * One record's page in the admin (a campaign, a gacha, an EA) and the layout route of its tabs:
 * the way back to its list, its name with its badges (and a grey one when members cannot see
 * it), a line of facts, then its tabs, each a child route below `base`, and the current child.
 */
export function DetailPage({
  back,
  base,
  title,
  titleTestId,
  badges,
  hidden,
  summary,
  tabsLabel,
  tabs,
}: {
  back: { to: string; label: string };
  /** The record's own path, which the tabs' paths extend. */
  base: string;
  title: string;
  titleTestId?: string;
  badges?: ReactNode;
  /** The grey badge's text while members do not see the record (inactive, unpublished). */
  hidden?: string | false;
  summary?: ReactNode;
  tabsLabel: string;
  tabs: readonly DetailTab[];
}) {
  const links: Tab[] = tabs.map((tab) => ({
    to: tab.path === "" ? base : `${base}/${tab.path}`,
    end: tab.path === "",
    label: tab.label,
    testId: tab.testId,
  }));
  return (
    <div className="space-y-5">
      <Link to={back.to} className={`${actionLink} text-sm`}>
        {back.label}
      </Link>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <PageTitle data-testid={titleTestId}>{title}</PageTitle>
          {badges}
          {hidden && <Badge tone="neutral">{hidden}</Badge>}
        </div>
        {summary && <p className="text-sm text-slate-600 dark:text-slate-300">{summary}</p>}
      </div>
      <Tabs label={tabsLabel} tabs={links} />
      <Outlet />
    </div>
  );
}
