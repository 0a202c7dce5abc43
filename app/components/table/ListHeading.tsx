import PlusIcon from "@heroicons/react/20/solid/PlusIcon";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Alert } from "#app/components/ui/Alert";
import { focusRing } from "#app/components/shell/styles";
import { InputFilter } from "./TableFilters";
import { buttonClass } from "#app/components/ui/button";

/** A link inside a table cell: the row's name leading to its page, a count to its list. */
export const cellLink = `rounded-sm font-medium text-emerald-700 underline dark:text-emerald-400 ${focusRing}`;

/**
 * The top of an admin list: its heading, the create button (after any other links), and the
 * success notice the create or edit page sent back in the URL (`?saved=<name>` and the like).
 * `level` 2 is for a list inside a tabbed page whose h1 is the parent's.
 */
export function ListHeading({
  title,
  create,
  links,
  notices = [],
  level = 1,
  tabs,
}: {
  title: string;
  create: { to: string; label: string; testId: string };
  links?: ReactNode;
  /** The section's tabs (SectionTabs), directly under the heading. */
  tabs?: ReactNode;
  /** Each shown when it has a text (`saved && t(…)` is null or "" when nothing was saved). */
  notices?: { text: string | null; testId: string }[];
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading className={level === 1 ? "text-2xl font-bold" : "text-lg font-semibold"}>
          {title}
        </Heading>
        <div className="flex flex-wrap gap-2">
          {links}
          <Link to={create.to} data-testid={create.testId} className={buttonClass()}>
            <PlusIcon className="h-4 w-4" aria-hidden="true" />
            {create.label}
          </Link>
        </div>
      </div>
      {tabs}
      {notices.map((notice) =>
        notice.text ? (
          <Alert key={notice.testId} tone="success" testId={notice.testId}>
            {notice.text}
          </Alert>
        ) : null,
      )}
    </>
  );
}

/** The free-text search of a list's filter bar (`q` in the URL), with an optional hint. */
export function SearchFilter({ label, hint }: { label: string; hint?: string }) {
  return <InputFilter name="q" label={label} hint={hint} />;
}
