import type { ReactNode } from "react";
import { DataTable, wholeList } from "#app/components/table/DataTable";

export interface SummaryColumn {
  header: string;
  /** Amounts and counts are right-aligned; names stay left. */
  align?: "left" | "right";
  /** Keep header and cells on one line (amounts, months). */
  nowrap?: boolean;
  /** Extra classes for the column's cells (weight, figures). */
  cellClassName?: string;
}

interface SummaryRow {
  key: string;
  cells: ReactNode[];
}

/**
 * A small titled table: the cashback breakdowns and the affiliate rewards. Short enough to need
 * no paging or sorting; a single row says when there is nothing yet. The kit's DataTable, so on
 * a phone each row is a card instead of a table to swipe.
 */
export function SummaryTable({
  caption,
  columns,
  rows,
  empty,
  testId,
  rowTestId,
}: {
  caption: string;
  columns: SummaryColumn[];
  rows: SummaryRow[];
  empty: string;
  testId: string;
  rowTestId?: string;
}) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-100">{caption}</h3>
      <DataTable
        label={caption}
        page={wholeList(rows)}
        rowKey={(r) => r.key}
        empty={empty}
        hidePaging
        hideRange
        testId={testId}
        rowTestId={rowTestId}
        columns={columns.map((c, i) => ({
          key: c.header,
          header: c.header,
          align: c.align ?? "left",
          nowrap: c.nowrap,
          className: c.cellClassName,
          cell: (r: SummaryRow) => r.cells[i],
        }))}
      />
    </div>
  );
}
