import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { hintClass } from "#app/components/ui/form";
import { actionLink } from "#app/components/ui/link";

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
          className={`${actionLink} text-sm`}
        >
          {t("table.clear")}
        </Link>
      </div>
    </Form>
  );
}

/**
 * A labelled filter control; the control itself is the child (input or select). A `hint` (what
 * a search matches) stands under it, whole on a phone, where a placeholder would be cut off;
 * the control names it with `aria-describedby={`${htmlFor}-hint`}`.
 */
export function FilterField({
  label,
  htmlFor,
  hint,
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: string;
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
      {hint && (
        <p id={`${htmlFor}-hint`} className={`mt-1 ${hintClass}`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** The look of a filter's input or select, shared so every filter bar matches. */
export const filterControl =
  "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100";

/**
 * A filter that picks one value (a status, a broker, a category): the first option, "all",
 * sends an empty value. It reads its current value from the URL, like every filter here.
 */
export function SelectFilter({
  name,
  label,
  allLabel,
  options,
  id = `f-${name}`,
  allValue = "",
  current,
  testId,
}: {
  name: string;
  label: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  id?: string;
  /** What "all" sends, where the list's default is not "all" (withdrawals: "pending"). */
  allValue?: string;
  /** The value shown, when the page works it out itself (else the URL's). */
  current?: string;
  testId?: string;
}) {
  const [params] = useSearchParams();
  return (
    <FilterField label={label} htmlFor={id}>
      <select
        id={id}
        name={name}
        defaultValue={current ?? params.get(name) ?? allValue}
        className={filterControl}
        data-testid={testId}
      >
        <option value={allValue}>{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/** A typed filter (a member's name or email, a date), its current value from the URL. */
export function InputFilter({
  name,
  label,
  type = "search",
  hint,
  id = `f-${name}`,
  required,
  current,
  testId,
}: {
  name: string;
  label: string;
  type?: "search" | "date" | "month";
  /** What the search matches, shown under the field (see `FilterField`). */
  hint?: string;
  id?: string;
  required?: boolean;
  /** The value shown, when the page works it out itself (a default range), else the URL's. */
  current?: string;
  testId?: string;
}) {
  const [params] = useSearchParams();
  return (
    <FilterField label={label} htmlFor={id} hint={hint}>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        defaultValue={current ?? params.get(name) ?? ""}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={filterControl}
        data-testid={testId}
      />
    </FilterField>
  );
}

/** The search for one member (by email, nickname, UID…) above a list of members' rows. */
export function MemberFilter({
  label,
  hint,
  id,
  testId,
}: {
  label: string;
  hint: string;
  id?: string;
  testId?: string;
}) {
  return <InputFilter name="member" label={label} hint={hint} id={id} testId={testId} />;
}

/** The "from" and "to" dates of a list's filter bar, side by side. */
export function DateRangeFilter({ fromLabel, toLabel }: { fromLabel: string; toLabel: string }) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:col-span-2">
      <InputFilter name="from" type="date" label={fromLabel} />
      <InputFilter name="to" type="date" label={toLabel} />
    </div>
  );
}
