import KeyIcon from "@heroicons/react/20/solid/KeyIcon";
import { JapaneseBadge } from "#app/components/JapaneseOnly";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CardFacts, CardListPage, ListCard } from "#app/components/CardList";
import { AccountTypeBadge, CategoryBadge } from "#app/components/eas/badges";
import { EmptyState } from "#app/components/ui/EmptyState";
import { formatDate } from "#app/lib/format";
import { answerRefusals } from "#app/lib/refusals.server";
import { listLoader } from "#app/lib/list-loader.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("ea:title"), i18n: ["ea", "errors"] };

const CATEGORIES = ["", "trend", "cashback"] as const;

export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ listLoader((trpc, params) => trpc.eas.list(params)),
);

/** /users/ea: the EAs members can get a licence for, by category. */
export default function EaList() {
  const { t } = useTranslation("ea");
  const { page } = useLoaderData<typeof loader>();
  return (
    <CardListPage
      ns="ea"
      title={t("title")}
      sideLink={{
        to: "/users/ea/licenses",
        testId: "my-licenses-link",
        label: t("licenses.title"),
        icon: KeyIcon,
      }}
      filter={{
        label: t("categoryFilter"),
        param: "category",
        values: CATEGORIES,
        optionLabel: (c) => (c ? t(`category.${c}`) : t("allCategories")),
        testIdPrefix: "ea-category",
      }}
      page={page}
      empty={<EmptyState testId="ea-empty">{t("empty")}</EmptyState>}
      listTestId="ea-list"
      gridClassName="md:grid-cols-2"
      renderCard={(e) => (
        <ListCard
          key={e.id}
          kind="ea"
          badges={
            <>
              <CategoryBadge category={e.category} />
              <AccountTypeBadge type={e.accountType} />
              {(e.japanese.name || e.japanese.description) && <JapaneseBadge />}
            </>
          }
          title={e.name}
          href={`/users/ea/${e.id}`}
        >
          <p className="line-clamp-3 whitespace-pre-line text-sm text-slate-600 dark:text-slate-300">
            {e.description}
          </p>
          <CardFacts
            items={[
              { label: t("developer"), value: e.developer },
              { label: t("version"), value: e.version ?? "—", className: "font-mono" },
              { label: t("updatedAt"), value: formatDate(e.updatedAt) },
            ]}
          />
        </ListCard>
      )}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
