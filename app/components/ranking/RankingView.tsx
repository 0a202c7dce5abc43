import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { focusRing } from "#app/components/shell/styles";
import { formatYen } from "#app/lib/money";
import { EmptyState } from "#app/components/ui/EmptyState";
import { MyPlace, StandingsTable } from "./Standings";
import { PageHeading } from "#app/components/ui/PageTitle";

const GENRES = ["cashback", "withdrawal", "affiliate"] as const;
const SCOPES = ["month", "year", "all"] as const;

/** The genre and period in a ranking page's URL; anything else falls back to the defaults. */
export function rankingParams(requestUrl: string) {
  const params = new URL(requestUrl).searchParams;
  const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
    values.find((v) => v === value) ?? fallback;
  return {
    genre: pick(GENRES, params.get("genre"), "cashback"),
    scope: pick(SCOPES, params.get("scope"), "month"),
  };
}

export interface RankingRow {
  rank: number;
  nickname: string;
  amount: number;
  isViewer: boolean;
  userId?: string;
  name?: string;
}

function Tabs<T extends string>({
  label,
  values,
  current,
  href,
  text,
}: {
  label: string;
  values: readonly T[];
  current: T;
  href: (v: T) => string;
  text: (v: T) => string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {values.map((v) => (
        <Link
          key={v}
          to={href(v)}
          preventScrollReset
          aria-current={v === current ? "page" : undefined}
          className={`inline-flex min-h-11 items-center rounded-full px-3 py-1.5 text-sm font-semibold ${focusRing} ${
            v === current
              ? "bg-emerald-700 text-white"
              : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200"
          }`}
        >
          {text(v)}
        </Link>
      ))}
    </nav>
  );
}

/** The ranking of one genre and period: switches, the member's own place, the top 100. */
export function RankingView({
  genre,
  scope,
  top,
  me,
  admin = false,
  tabs,
}: {
  genre: (typeof GENRES)[number];
  scope: (typeof SCOPES)[number];
  top: RankingRow[];
  me: { rank: number | null; amount: number; optedOut: boolean } | null;
  admin?: boolean;
  /** The admin section's tabs, under the title. */
  tabs?: ReactNode;
}) {
  const { t } = useTranslation("ranking");
  const href = (g: string, s: string) => `?genre=${g}&scope=${s}`;
  return (
    <div className="space-y-4">
      <PageHeading
        title={admin ? t("adminTitle") : t("title")}
        lead={admin ? t("adminNote") : t("intro")}
      />
      {tabs}
      <div className="space-y-2">
        <Tabs
          label={t("genre")}
          values={GENRES}
          current={genre}
          href={(g) => href(g, scope)}
          text={(g) => t(`genres.${g}`)}
        />
        <Tabs
          label={t("scope")}
          values={SCOPES}
          current={scope}
          href={(s) => href(genre, s)}
          text={(s) => t(`scopes.${s}`)}
        />
      </div>
      {me && (
        <MyPlace
          ns="ranking"
          testId="ranking-me"
          me={me}
          detail={
            !me.optedOut &&
            me.rank !== null && (
              <span className="ml-3 text-sm text-slate-700 dark:text-slate-200">
                {formatYen(me.amount)}
              </span>
            )
          }
        />
      )}
      {top.length === 0 ? (
        <EmptyState testId="ranking-empty">{t("empty")}</EmptyState>
      ) : (
        <StandingsTable
          ns="ranking"
          rows={top}
          caption={`${t(`genres.${genre}`)} ${t(`scopes.${scope}`)}`}
          admin={admin}
          testId="ranking-table"
        />
      )}
    </div>
  );
}
