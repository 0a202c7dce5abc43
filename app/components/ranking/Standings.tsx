import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatYen } from "~/lib/money";
import { card } from "~/components/ui/card";

/*
 * The parts the ranking and the cashback battle share: the standings table and the banner with
 * the member's own place. `ns` is the page's locale namespace ("ranking" or "battle"); both
 * have the same column and banner keys, with wording of their own.
 */

export interface StandingRow {
  rank: number;
  nickname: string;
  amount: number;
  /** Only the battle has prizes; the column shows when `prizeColumn` is set. */
  prize?: number;
  isViewer?: boolean;
  userId?: string;
  name?: string;
}

const headCell = "px-3 py-2 font-medium";
const amountCell = "whitespace-nowrap px-3 py-2 text-right tabular-nums";

/** Rank, nickname (and real name for admins), amount and, for a battle, the prize. */
export function StandingsTable({
  ns,
  rows,
  caption,
  admin = false,
  prizeColumn = false,
  testId,
  rowTestId,
}: {
  ns: "ranking" | "battle";
  rows: StandingRow[];
  caption: ReactNode;
  admin?: boolean;
  prizeColumn?: boolean;
  testId: string;
  rowTestId?: string;
}) {
  const { t } = useTranslation(ns);
  return (
    <div className={`${card} overflow-x-auto`}>
      <table className="min-w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="whitespace-nowrap border-b border-slate-200 bg-slate-50 text-left text-xs text-slate-600 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300">
            <th scope="col" className={headCell}>
              {t("rank")}
            </th>
            <th scope="col" className={headCell}>
              {t("nickname")}
            </th>
            {admin && (
              <th scope="col" className={headCell}>
                {t("name")}
              </th>
            )}
            <th scope="col" className={`${headCell} text-right`}>
              {t("amount")}
            </th>
            {prizeColumn && (
              <th scope="col" className={`${headCell} text-right`}>
                {t("prize")}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr
              key={r.userId ?? `${r.rank}-${r.nickname}-${i}`}
              data-testid={rowTestId}
              className={`border-b border-slate-100 last:border-0 dark:border-slate-800 ${
                r.isViewer ? "bg-amber-50 dark:bg-amber-950/30" : ""
              }`}
            >
              <td className="whitespace-nowrap px-3 py-2 font-semibold tabular-nums">{r.rank}</td>
              <td className="min-w-32 px-3 py-2 break-words">
                {r.nickname}
                {r.isViewer && (
                  <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    {t("you")}
                  </span>
                )}
              </td>
              {admin && <td className="min-w-32 px-3 py-2 break-words">{r.name}</td>}
              <td className={amountCell}>{formatYen(r.amount)}</td>
              {prizeColumn && (
                <td className={amountCell}>{r.prize && r.prize > 0 ? formatYen(r.prize) : "—"}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The member's own place above the standings; `detail` is the amount (and prize) under it. */
export function MyPlace({
  ns,
  me,
  testId,
  detail,
}: {
  ns: "ranking" | "battle";
  me: { rank: number | null; optedOut: boolean };
  testId: string;
  detail: ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <div
      data-testid={testId}
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
        {detail}
      </span>
    </div>
  );
}
