import { useTranslation } from "react-i18next";
import { JapaneseOnly } from "#app/components/JapaneseOnly";
import { formatYen } from "#app/lib/money";
import { ValidityPeriod } from "./validity";

/** The states a draw's log row can be in, in the order the filters list them. */
export const GACHA_LOG_STATES = [
  "available",
  "not_started",
  "used",
  "expired",
  "credited",
  "none",
] as const;

interface WonReward {
  rewardName: string;
  /** Shown in Japanese to an English reader (no English written). */
  japanese?: { rewardName: boolean };
  rewardKind: string;
  amount: number | null;
  validFrom: string | null;
  validUntil: string | null;
}

/** What a draw gave: the reward's name over its cash amount, or its kind for anything else. */
export function WonRewardText({ row, nameTestId }: { row: WonReward; nameTestId?: string }) {
  const { t } = useTranslation("gacha");
  return (
    <span className="block">
      <span className="block font-medium" data-testid={nameTestId}>
        <JapaneseOnly text={row.rewardName} japanese={row.japanese?.rewardName ?? false} />
      </span>
      <span className="block text-xs text-slate-500 dark:text-slate-400">
        {row.rewardKind === "cash" && row.amount !== null
          ? formatYen(row.amount)
          : t(`kind.${row.rewardKind}`)}
      </span>
    </span>
  );
}

/** A won item's period; other rewards have none. */
export function WonRewardValidity({ row }: { row: WonReward }) {
  return row.rewardKind === "item" ? (
    <ValidityPeriod validFrom={row.validFrom} validUntil={row.validUntil} />
  ) : (
    <span className="text-slate-500 dark:text-slate-400">—</span>
  );
}
