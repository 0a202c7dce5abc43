import type { ReactNode } from "react";
import { card } from "~/components/ui/card";

export interface SummaryColumn {
  header: string;
  /** Amounts and counts are right-aligned; names stay left. */
  align?: "left" | "right";
  /** Keep header and cells on one line (amounts, months). */
  nowrap?: boolean;
  /** Extra classes for the column's cells (weight, figures). */
  cellClassName?: string;
}

/**
 * A small captioned table in a card: the cashback breakdowns and the affiliate rewards. Short
 * enough to need no paging or sorting; a single row says when there is nothing yet.
 */
export function SummaryTable({
  caption,
  columns,
  rows,
  empty,
  centerEmpty = false,
  testId,
  rowTestId,
}: {
  caption: string;
  columns: SummaryColumn[];
  rows: { key: string; cells: ReactNode[] }[];
  empty: string;
  centerEmpty?: boolean;
  testId: string;
  rowTestId?: string;
}) {
  const place = (c: SummaryColumn) =>
    `${c.align === "right" ? "text-right" : "text-left"} ${c.nowrap ? "whitespace-nowrap" : ""}`;
  return (
    <div className={`${card} overflow-x-auto`}>
      <table className="min-w-full text-sm" data-testid={testId}>
        <caption className="px-3 pt-3 text-left text-sm font-semibold text-slate-800 dark:text-slate-100">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className={`px-3 py-2 font-medium text-slate-600 dark:text-slate-300 ${place(c)}`}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.length === 0 ? (
            <tr>
              <td
                colSpan={columns.length}
                className={`px-3 py-4 text-slate-500 dark:text-slate-400 ${centerEmpty ? "text-center" : ""}`}
              >
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.key} data-testid={rowTestId}>
                {columns.map((c, i) => (
                  <td key={c.header} className={`px-3 py-2 ${place(c)} ${c.cellClassName ?? ""}`}>
                    {r.cells[i]}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
