import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { focusRing } from "~/components/shell/styles";
import { formatYen } from "~/lib/money";
import { card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/PageTitle";

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
          className={`rounded-full px-3 py-1.5 text-sm font-semibold ${focusRing} ${
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
}: {
  genre: (typeof GENRES)[number];
  scope: (typeof SCOPES)[number];
  top: RankingRow[];
  me: { rank: number | null; amount: number; optedOut: boolean } | null;
  admin?: boolean;
}) {
  const { t } = useTranslation("ranking");
  const href = (g: string, s: string) => `?genre=${g}&scope=${s}`;
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <PageTitle>{admin ? t("adminTitle") : t("title")}</PageTitle>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {admin ? t("adminNote") : t("intro")}
        </p>
      </div>
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
        <div
          data-testid="ranking-me"
          className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-emerald-50 px-4 py-3 dark:bg-emerald-950/40"
        >
          <span className="text-sm text-slate-700 dark:text-slate-200">{t("me")}</span>
          <span className="text-right">
            <span className="text-xl font-bold text-emerald-800 dark:text-emerald-300">
              {me.optedOut
                ? t("meOptedOut")
                : me.rank === null
                  ? t("meUnranked")
                  : t("rankValue", { rank: me.rank })}
            </span>
            {!me.optedOut && me.rank !== null && (
              <span className="ml-3 text-sm text-slate-700 dark:text-slate-200">
                {formatYen(me.amount)}
              </span>
            )}
          </span>
        </div>
      )}
      {top.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
          {t("empty")}
        </p>
      ) : (
        <div className={`${card} overflow-x-auto`}>
          <table className="min-w-full text-sm" data-testid="ranking-table">
            <caption className="sr-only">
              {t(`genres.${genre}`)} {t(`scopes.${scope}`)}
            </caption>
            <thead>
              <tr className="whitespace-nowrap border-b border-slate-200 bg-slate-50 text-left text-xs text-slate-600 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300">
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("rank")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("nickname")}
                </th>
                {admin && (
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("name")}
                  </th>
                )}
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t("amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {top.map((r, i) => (
                <tr
                  key={r.userId ?? `${r.rank}-${r.nickname}-${i}`}
                  className={`border-b border-slate-100 last:border-0 dark:border-slate-800 ${
                    r.isViewer ? "bg-amber-50 dark:bg-amber-950/30" : ""
                  }`}
                >
                  <td className="whitespace-nowrap px-3 py-2 font-semibold tabular-nums">
                    {r.rank}
                  </td>
                  <td className="px-3 py-2 break-words">
                    {r.nickname}
                    {r.isViewer && (
                      <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {t("you")}
                      </span>
                    )}
                  </td>
                  {admin && <td className="px-3 py-2 break-words">{r.name}</td>}
                  <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                    {formatYen(r.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
