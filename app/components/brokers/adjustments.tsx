import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { card } from "#app/components/ui/card";
import { formatYen } from "#app/lib/money";

/**
 * An adjustment batch's lines, as the rate screen and the batch's review page
 * show them: per member, the rows re-priced, the yen before and after, the difference.
 */

/** A member's line: rows, yen before and after, the difference. Cards fit a phone. */
export function MemberLines({
  lines,
  extra,
}: {
  lines: {
    userId: string;
    nickname?: string | null;
    email?: string | null;
    rows: number;
    oldYen: number;
    newYen: number;
    difference: number;
  }[];
  /** What the review page adds under a line: its state, the balance, the decision form. */
  extra?: (userId: string) => ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <ul className="grid gap-2 sm:grid-cols-2" data-testid="member-lines">
      {lines.map((l) => (
        <li key={l.userId} className={`${card} p-3 text-sm`} data-testid="member-line">
          <p className="font-semibold [overflow-wrap:anywhere]">
            {l.nickname ?? l.email ?? l.userId}
          </p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 tabular-nums">
            <dt className="text-slate-500 dark:text-slate-400">{t("adjustments.figures.rows")}</dt>
            <dd>{l.rows}</dd>
            <dt className="text-slate-500 dark:text-slate-400">
              {t("adjustments.figures.oldYen")}
            </dt>
            <dd>{formatYen(l.oldYen)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">
              {t("adjustments.figures.newYen")}
            </dt>
            <dd>{formatYen(l.newYen)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">
              {t("adjustments.figures.difference")}
            </dt>
            <dd className="font-semibold" data-testid="member-difference">
              {l.difference > 0 ? "+" : ""}
              {formatYen(l.difference)}
            </dd>
          </dl>
          {extra?.(l.userId)}
        </li>
      ))}
    </ul>
  );
}
