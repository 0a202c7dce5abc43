import { useTranslation } from "react-i18next";
import { stateBadge } from "#app/components/ui/Badge";
import { formatYen } from "#app/lib/money";
import { type StandingRow, StandingsTable } from "#app/components/ranking/Standings";

export type BattlePhase = "upcoming" | "running" | "ended" | "settled";

/** A battle's phase in words (the word carries the meaning, not the colour). */
export const BattlePhaseBadge = stateBadge<"phase", BattlePhase>("phase", {
  ns: "battle",
  labels: "phase",
  tones: { upcoming: "info", running: "success", ended: "warning", settled: "neutral" },
  testId: "battle-phase",
});

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

/** Standings of a battle: rank, nickname (and real name for admins), cashback, prize. */
export function BattleBoard({
  rows,
  caption,
  admin = false,
}: {
  rows: StandingRow[];
  caption: string;
  admin?: boolean;
}) {
  return (
    <StandingsTable
      ns="battle"
      rows={rows}
      caption={caption}
      admin={admin}
      prizeColumn
      testId="battle-standings"
      rowTestId="battle-row"
    />
  );
}
