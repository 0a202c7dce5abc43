import { useTranslation } from "react-i18next";
import { Badge, type Tone } from "~/components/ui/Badge";
import { formatYen } from "~/lib/money";
import { card } from "~/components/ui/card";

export type BattlePhase = "upcoming" | "running" | "ended" | "settled";

const PHASE_TONES: Record<BattlePhase, Tone> = {
  upcoming: "info",
  running: "success",
  ended: "warning",
  settled: "neutral",
};

/** A battle's phase in words (the word carries the meaning, not the colour). */
export function BattlePhaseBadge({ phase }: { phase: BattlePhase }) {
  const { t } = useTranslation("battle");
  return (
    <Badge tone={PHASE_TONES[phase]} data-testid="battle-phase" data-phase={phase}>
      {t(`phase.${phase}`)}
    </Badge>
  );
}

/** The prize of each rank, as a compact list. */
export function PrizeList({ prizes }: { prizes: { rank: number; amount: number }[] }) {
  const { t } = useTranslation("battle");
  return (
    <ol
      aria-label={t("prizes")}
      data-testid="battle-prizes"
      className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5"
    >
      {prizes.map((p) => (
        <li
          key={p.rank}
          className={`flex items-baseline justify-between gap-2 rounded-lg border px-3 py-2 text-sm ${
            p.rank <= 3
              ? "border-amber-200 bg-amber-50 dark:border-amber-900 dark:bg-amber-950/30"
              : "border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
          }`}
        >
          <span className="font-semibold text-slate-700 dark:text-slate-200">
            {t("prizeRank", { rank: p.rank })}
          </span>
          <span className="font-bold tabular-nums text-slate-900 dark:text-white">
            {formatYen(p.amount)}
          </span>
        </li>
      ))}
    </ol>
  );
}

export interface BoardRow {
  rank: number;
  nickname: string;
  amount: number;
  prize: number;
  isViewer?: boolean;
  userId?: string;
  name?: string;
}

/** Standings: rank, nickname (and real name for admins), cashback in the period, prize. */
export function BattleBoard({
  rows,
  caption,
  admin = false,
}: {
  rows: BoardRow[];
  caption: string;
  admin?: boolean;
}) {
  const { t } = useTranslation("battle");
  return (
    <div className={`${card} overflow-x-auto`}>
      <table className="min-w-full text-sm" data-testid="battle-standings">
        <caption className="sr-only">{caption}</caption>
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
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {t("prize")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr
              key={r.userId ?? `${r.rank}-${r.nickname}-${i}`}
              data-testid="battle-row"
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
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                {formatYen(r.amount)}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                {r.prize > 0 ? formatYen(r.prize) : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
