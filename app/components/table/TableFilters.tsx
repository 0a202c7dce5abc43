import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";
import { card } from "~/components/ui/card";
import { textLink } from "~/components/ui/link";

/**
 * The filter bar above a DataTable: a GET form, so the filters land in the URL like the rest of
 * the table's state and the loader queries with them. The current order and page size are
 * kept; the page goes back to 1. "Clear" keeps order and size and drops every filter.
 *
 *   <TableFilters>
 *     <FilterField label={t("…")}><input name="q" defaultValue={params.q} /></FilterField>
 *   </TableFilters>
 */
export function TableFilters({ children, label }: { children: ReactNode; label: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const kept = ["sort", "dir", "size"].flatMap((name) => {
    const value = params.get(name);
    return value ? [[name, value] as const] : [];
  });
  const clear = new URLSearchParams(kept.map(([k, v]) => [k, v])).toString();
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      preventScrollReset
      data-testid="table-filters"
      className={`${card} p-4`}
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="submit" data-testid="filters-apply" className={buttonClass()}>
          {t("table.filter")}
        </button>
        <Link
          to={clear ? `${pathname}?${clear}` : pathname}
          preventScrollReset
          data-testid="filters-clear"
          className={`${textLink} text-sm`}
        >
          {t("table.clear")}
        </Link>
      </div>
    </Form>
  );
}

/** A labelled filter control; the control itself is the child (input or select). */
export function FilterField({
  label,
  htmlFor,
  children,
}: {
  label: string;
  htmlFor: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label
        htmlFor={htmlFor}
        className="block text-sm font-medium text-slate-700 dark:text-slate-200"
      >
        {label}
      </label>
      <div className="mt-1">{children}</div>
    </div>
  );
}

/** The look of a filter's input or select, shared so every filter bar matches. */
export const filterControl =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100";
