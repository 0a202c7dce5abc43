import { Link, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { focusRing } from "~/components/shell/styles";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/EmptyState";
import { lastPage, withParams } from "~/components/table/url";

/**
 * The parts of the member card lists (campaigns, gachas, EAs): filter pills that are links
 * (the current one marked), the empty state, and a prev / page of / next pager. Both keep
 * the other query parameters; choosing a filter goes back to page 1.
 */

export function FilterPills({
  label,
  param,
  options,
}: {
  label: string;
  /** The query parameter the pills set; "" is its absence (all). */
  param: string;
  options: { value: string; label: string; testId: string }[];
}) {
  const [params] = useSearchParams();
  const current = params.get(param) ?? "";
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {options.map((o) => {
          const selected = o.value === current;
          return (
            <li key={o.value || "all"}>
              <Link
                to={withParams(params, { [param]: o.value, page: null })}
                aria-current={selected ? "page" : undefined}
                data-testid={o.testId}
                className={`inline-flex rounded-full border px-3 py-1 text-sm font-medium ${focusRing} ${
                  selected
                    ? "border-emerald-600 bg-emerald-600 text-white"
                    : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
                }`}
              >
                {o.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function EmptyCards({ testId, children }: { testId: string; children: ReactNode }) {
  return <EmptyState testId={testId}>{children}</EmptyState>;
}

export function CardPager({
  page,
  labels,
}: {
  page: { page: number; size: number; total: number };
  labels: { nav: string; prev: string; next: string; pageOf: (last: number) => string };
}) {
  const [params] = useSearchParams();
  const last = lastPage(page.total, page.size);
  if (last <= 1) return null;
  const button = buttonClass({ variant: "secondary" });
  return (
    <nav aria-label={labels.nav} className="flex items-center justify-between gap-3">
      {page.page > 1 ? (
        <Link
          to={withParams(params, { page: page.page - 1 === 1 ? null : page.page - 1 })}
          rel="prev"
          className={button}
        >
          {labels.prev}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600 dark:text-slate-300">{labels.pageOf(last)}</span>
      {page.page < last ? (
        <Link to={withParams(params, { page: page.page + 1 })} rel="next" className={button}>
          {labels.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
