import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatYen } from "#app/lib/money";
import { type Column, DataTable, wholeList } from "#app/components/table/DataTable";
import { Badge } from "#app/components/ui/Badge";

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
  caption: string;
  admin?: boolean;
  prizeColumn?: boolean;
  testId: string;
  rowTestId?: string;
}) {
  const { t } = useTranslation(ns);
  const columns: Column<StandingRow>[] = [
    {
      key: "rank",
      header: t("rank"),
      cell: (r) => <span className="font-semibold tabular-nums">{r.rank}</span>,
      nowrap: true,
    },
    {
      key: "nickname",
      header: t("nickname"),
      className: "break-words",
      // One span: on a phone's card the name and its badge stay together on the right.
      cell: (r) => (
        <span>
          {r.nickname}
          {r.isViewer && (
            <Badge tone="highlight" className="ml-2">
              {t("you")}
            </Badge>
          )}
        </span>
      ),
    },
    ...(admin
      ? [
          {
            key: "name",
            header: t("name"),
            className: "break-words",
            cell: (r: StandingRow) => r.name,
          },
        ]
      : []),
    {
      key: "amount",
      header: t("amount"),
      align: "right",
      nowrap: true,
      className: "tabular-nums",
      cell: (r) => formatYen(r.amount),
    },
    ...(prizeColumn
      ? [
          {
            key: "prize",
            header: t("prize"),
            align: "right" as const,
            nowrap: true,
            className: "tabular-nums",
            cell: (r: StandingRow) => (r.prize && r.prize > 0 ? formatYen(r.prize) : "—"),
          },
        ]
      : []),
  ];
  return (
    <DataTable
      label={caption}
      page={wholeList(rows)}
      rowKey={(r) => r.userId ?? `${r.rank}-${r.nickname}`}
      columns={columns}
      hidePaging
      hideRange
      rowClassName={(r) => (r.isViewer ? "bg-amber-50 dark:bg-amber-950/30" : "")}
      testId={testId}
      rowTestId={rowTestId}
    />
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
