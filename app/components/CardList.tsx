import { Link, useSearchParams } from "@remix-run/react";
import { type ComponentType, Fragment, type ReactNode, type SVGProps } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { focusRing } from "#app/components/shell/styles";
import { buttonClass } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { PageHeading } from "#app/components/ui/PageTitle";
import { lastPage, withParams } from "#app/components/table/url";

/**
 * The member card lists (campaigns, gachas, EAs): one page frame (heading, filter pills, the
 * cards or the empty state, a prev / page of / next pager) and one card. Pills and pager keep
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
                className={`inline-flex min-h-11 items-center rounded-full border px-3 py-1 text-sm font-medium ${focusRing} ${
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

/**
 * The state filter of the campaign and gacha lists: the `filter` parameter, labelled by the
 * `filters.*` keys of the page's namespace ("" is `filters.all`).
 */
export function stateFilter(t: TFunction, values: readonly string[], testIdPrefix: string) {
  return {
    label: t("filters.label"),
    param: "filter",
    values,
    optionLabel: (value: string) => t(`filters.${value || "all"}`),
    testIdPrefix,
  };
}

interface CardPage<Row> {
  rows: Row[];
  page: number;
  size: number;
  total: number;
}

/**
 * A member card list page. `ns` is the page's locale namespace: its `pagination`, `prev`,
 * `next` and `pageOf` keys label the pager, the same keys on every card list.
 */
export function CardListPage<Row>({
  ns,
  title,
  lead,
  sideLink,
  filter,
  page,
  empty,
  listTestId,
  gridClassName,
  renderCard,
}: {
  ns: string;
  title: string;
  lead?: string;
  /** A secondary link beside the heading (the member's history or licences). */
  sideLink?: {
    to: string;
    testId: string;
    label: string;
    icon: ComponentType<Omit<SVGProps<SVGSVGElement>, "ref">>;
  };
  /** The filter pills: one per value, "" (all) first; test ids are `${testIdPrefix}-${value || "all"}`. */
  filter: {
    label: string;
    param: string;
    values: readonly string[];
    optionLabel: (value: string) => string;
    testIdPrefix: string;
  };
  page: CardPage<Row>;
  /** The EmptyState shown when the filter matches nothing. */
  empty: ReactNode;
  listTestId: string;
  gridClassName: string;
  renderCard: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation(ns);
  const Icon = sideLink?.icon;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading title={title} lead={lead} />
        {sideLink && Icon && (
          <Link
            to={sideLink.to}
            data-testid={sideLink.testId}
            className={buttonClass({ variant: "secondary" })}
          >
            <Icon className="h-4 w-4" aria-hidden="true" />
            {sideLink.label}
          </Link>
        )}
      </div>

      <FilterPills
        label={filter.label}
        param={filter.param}
        options={filter.values.map((value) => ({
          value,
          label: filter.optionLabel(value),
          testId: `${filter.testIdPrefix}-${value || "all"}`,
        }))}
      />

      {page.rows.length === 0 ? (
        empty
      ) : (
        <ul className={`grid gap-4 ${gridClassName}`} data-testid={listTestId}>
          {page.rows.map((row) => renderCard(row))}
        </ul>
      )}

      <CardPager
        page={page}
        labels={{
          nav: t("pagination"),
          prev: t("prev"),
          next: t("next"),
          pageOf: (last) => t("pageOf", { page: page.page, last }),
        }}
      />
    </div>
  );
}

/**
 * One card of a member list: optional art on top, badges, the title linking to the details
 * page, the card's own body (facts, description) and a full-width details button at the foot.
 * `kind` is the list's namespace ("gacha", "campaign", "ea"): the button's texts are its
 * `details` and `detailsOf`, the test ids `<kind>-card` and `<kind>-details`.
 */
export function ListCard({
  kind,
  dataId,
  art,
  badges,
  title,
  href,
  children,
}: {
  kind: string;
  dataId?: string | number;
  art?: ReactNode;
  badges: ReactNode;
  title: string;
  href: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(kind);
  return (
    <li
      data-testid={`${kind}-card`}
      data-id={dataId}
      className={`${card} flex flex-col overflow-hidden`}
    >
      {art}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">{badges}</div>
        {/* A long title wraps (inside a phrase only when one is wider than the card) and, past
            three lines, ends in an ellipsis: the whole of it is its tooltip and the details
            page's heading. Never clipped without a mark. */}
        <h2 className="break-phrase text-lg font-semibold leading-snug [overflow-wrap:anywhere]">
          <Link
            to={href}
            title={title}
            className={`flex min-h-11 min-w-0 items-center rounded-sm hover:text-emerald-700 dark:hover:text-emerald-400 ${focusRing}`}
          >
            <span className="line-clamp-3 min-w-0" data-testid={`${kind}-card-title`}>
              {title}
            </span>
          </Link>
        </h2>
        {children}
        <div className="mt-auto pt-1">
          <Link
            to={href}
            data-testid={`${kind}-details`}
            // The namespaces name the card by its name or its title.
            aria-label={t("detailsOf", { name: title, title })}
            className={buttonClass({ className: "w-full" })}
          >
            {t("details")}
          </Link>
        </div>
      </div>
    </li>
  );
}

/** The label/value grid inside a list card. */
export function CardFacts({
  items,
}: {
  items: { label: string; value: ReactNode; testId?: string; className?: string }[];
}) {
  return (
    <dl className="grid grid-cols-[auto,1fr] gap-x-3 gap-y-1 text-sm">
      {items.map((item) => (
        <Fragment key={item.label}>
          <dt className="text-slate-500 dark:text-slate-400">{item.label}</dt>
          <dd className={item.className} data-testid={item.testId}>
            {item.value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
