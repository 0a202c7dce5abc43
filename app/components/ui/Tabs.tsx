import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { focusRing } from "../shell/styles";

export interface Tab {
  to: string;
  label: ReactNode;
  /** Current only on exactly this path (the first tab, whose path the others extend). */
  end?: boolean;
  testId?: string;
}

/**
 * Tabs that are pages: each is a link (its own URL, back button and reload work), the current
 * one marked with aria-current by NavLink. When a phone is too narrow for all of them the tabs
 * wrap onto a second line: a tab hidden behind a sideways swipe is a tab nobody finds.
 */
export function Tabs({ label, tabs }: { label: string; tabs: readonly Tab[] }) {
  const look = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${focusRing} ${
      isActive
        ? "border-emerald-600 text-emerald-700 dark:text-emerald-400"
        : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
    }`;
  return (
    <nav aria-label={label} className="border-b border-slate-200 dark:border-slate-700">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} end={tab.end} className={look} data-testid={tab.testId}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
