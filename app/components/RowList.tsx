import type { ReactNode } from "react";

/**
 * A short list inside a member section (recent cashback, accounts, licences): its rows divided
 * by rules, or one muted line saying there are none yet. `children` renders one row (an `li`).
 */
export function RowList<Row>({
  rows,
  empty,
  children,
}: {
  rows: readonly Row[];
  empty: ReactNode;
  children: (row: Row) => ReactNode;
}) {
  if (rows.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {rows.map((row) => children(row))}
    </ul>
  );
}
