import { KeyIcon } from "@heroicons/react/20/solid";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CardPager, EmptyCards, FilterPills } from "~/components/CardList";
import { AccountTypeBadge, CategoryBadge } from "~/components/ea/badges";
import { focusRing } from "~/components/shell/styles";
import { searchParamsObject } from "~/components/table/url";
import { formatDate } from "~/lib/format";
import { buttonClass } from "~/components/ui/button";
import { card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/PageTitle";

export const handle = { i18n: ["ea", "errors"] };

const CATEGORIES = ["", "trend", "cashback"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json({ page: await context.trpc.eas.list(searchParamsObject(request.url)) });
}

/** /users/ea: the EAs members can get a licence for, by category. */
export default function EaList() {
  const { t } = useTranslation("ea");
  const { page } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>{t("title")}</PageTitle>
        <Link
          to="/users/ea/licenses"
          data-testid="my-licenses-link"
          className={buttonClass({ variant: "secondary" })}
        >
          <KeyIcon className="h-4 w-4" aria-hidden="true" />
          {t("licenses.title")}
        </Link>
      </div>
      <FilterPills
        label={t("categoryFilter")}
        param="category"
        options={CATEGORIES.map((c) => ({
          value: c,
          label: c ? t(`category.${c}`) : t("allCategories"),
          testId: `ea-category-${c || "all"}`,
        }))}
      />
      {page.rows.length === 0 ? (
        <EmptyCards testId="ea-empty">{t("empty")}</EmptyCards>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" data-testid="ea-list">
          {page.rows.map((e) => (
            <li key={e.id} data-testid="ea-card" className={`${card} flex flex-col gap-3 p-4`}>
              <div className="flex flex-wrap gap-2">
                <CategoryBadge category={e.category} />
                <AccountTypeBadge type={e.accountType} />
              </div>
              <h2 className="text-lg font-semibold">
                <Link
                  to={`/users/ea/${e.id}`}
                  className={`rounded-sm hover:text-emerald-700 dark:hover:text-emerald-400 ${focusRing}`}
                >
                  {e.name}
                </Link>
              </h2>
              <p className="line-clamp-3 whitespace-pre-line text-sm text-slate-600 dark:text-slate-300">
                {e.description}
              </p>
              <dl className="mt-auto grid grid-cols-[auto,1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-500 dark:text-slate-400">{t("developer")}</dt>
                <dd>{e.developer}</dd>
                <dt className="text-slate-500 dark:text-slate-400">{t("version")}</dt>
                <dd className="font-mono">{e.version ?? "—"}</dd>
                <dt className="text-slate-500 dark:text-slate-400">{t("updatedAt")}</dt>
                <dd>{formatDate(e.updatedAt)}</dd>
              </dl>
              <Link
                to={`/users/ea/${e.id}`}
                aria-label={t("detailsOf", { name: e.name })}
                data-testid="ea-details"
                className={buttonClass()}
              >
                {t("details")}
              </Link>
            </li>
          ))}
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
