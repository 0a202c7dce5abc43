import type { ReactNode } from "react";

/**
 * A short list (recent cashback, accounts, licences, a broker's next crediting, an audit trail):
 * its rows divided by rules, or one muted line saying there are none yet. Each row is an `li`
 * laid out by `rowClassName` and named by `rowTestId`; `children` renders what is in it.
 */
export function RowList<Row>({
  rows,
  empty,
  rowKey = (row) => (row as { id: string }).id,
  rowClassName,
  rowTestId,
  children,
}: {
  rows: readonly Row[];
  empty: ReactNode;
  /** A row's key; by default its `id`. */
  rowKey?: (row: Row) => string;
  rowClassName: string;
  rowTestId: string;
  children: (row: Row) => ReactNode;
}) {
  if (rows.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {rows.map((row) => (
        <li key={rowKey(row)} className={rowClassName} data-testid={rowTestId}>
          {children(row)}
        </li>
      ))}
    </ul>
  );
}
