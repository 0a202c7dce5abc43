import ChevronLeftIcon from "@heroicons/react/20/solid/ChevronLeftIcon";
import ChevronRightIcon from "@heroicons/react/20/solid/ChevronRightIcon";
import { Link, useNavigate } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { focusRing } from "#app/components/shell/styles";
import type { TablePage } from "./DataTable";
import { lastPage, pageWindow, withParams } from "./url";

const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Below a list: rows per page and the page links, each a plain link that keeps the filters. */
export function PagingBar<T>({ page, search }: { page: TablePage<T>; search: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sizeId = useId();
  const last = lastPage(page.total, page.size);
  const pageLink = (n: number) => withParams(search, { page: n === 1 ? null : n });
  const linkClass = `inline-flex min-w-9 items-center justify-center rounded-md border px-2.5 py-1.5 text-sm mob:min-h-11 mob:min-w-11 ${focusRing}`;
  const idle =
    "border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700";
  const disabled =
    "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-500";

  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId} className="text-sm text-slate-600 dark:text-slate-300">
          {t("table.pageSize")}
        </label>
        <select
          id={sizeId}
          data-testid="table-page-size"
          value={page.size}
          onChange={(e) =>
            navigate(withParams(search, { size: e.target.value, page: null }), {
              preventScrollReset: true,
            })
          }
          className={`rounded-md border border-slate-300 bg-white py-1 pl-2 pr-8 text-sm mob:min-h-11 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 ${focusRing}`}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {t("table.perPage", { count: n })}
            </option>
          ))}
        </select>
      </div>
      <nav aria-label={t("table.pagination")} data-testid="table-paging">
        <ul className="flex flex-wrap items-center">
          <li>
            {page.page > 1 ? (
              <Link
                to={pageLink(page.page - 1)}
                preventScrollReset
                rel="prev"
                className={`${linkClass} ${idle}`}
                data-testid="page-prev"
              >
                <ChevronLeftIcon className="h-4 w-4" aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">{t("table.prev")}</span>
              </Link>
            ) : (
              <span aria-disabled="true" className={`${linkClass} ${disabled}`}>
                <ChevronLeftIcon className="h-4 w-4" aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">{t("table.prev")}</span>
              </span>
            )}
          </li>
          {pageWindow(page.page, last).map((n, i) =>
            n === "gap" ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-400">
                …
              </li>
            ) : (
              <li key={n}>
                <Link
                  to={pageLink(n)}
                  preventScrollReset
                  aria-current={n === page.page ? "page" : undefined}
                  aria-label={t("table.page", { page: n })}
                  data-testid={`page-${n}`}
                  className={`${linkClass} ${
                    n === page.page
                      ? "border-emerald-600 bg-emerald-600 font-semibold text-white"
                      : idle
                  }`}
                >
                  {n}
                </Link>
              </li>
            ),
          )}
          <li>
            {page.page < last ? (
              <Link
                to={pageLink(page.page + 1)}
                preventScrollReset
                rel="next"
                className={`${linkClass} ${idle}`}
                data-testid="page-next"
              >
                <span className="sr-only sm:not-sr-only">{t("table.next")}</span>
                <ChevronRightIcon className="h-4 w-4" aria-hidden="true" />
              </Link>
            ) : (
              <span aria-disabled="true" className={`${linkClass} ${disabled}`}>
                <span className="sr-only sm:not-sr-only">{t("table.next")}</span>
                <ChevronRightIcon className="h-4 w-4" aria-hidden="true" />
              </span>
            )}
          </li>
        </ul>
      </nav>
    </div>
  );
}
