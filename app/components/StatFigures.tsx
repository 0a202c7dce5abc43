import { card } from "#app/components/ui/card";

/** One headline number of a member summary (cashback, affiliate): label, figure, optional note. */
export interface StatFigure {
  label: string;
  value: string;
  testId: string;
  note?: string;
}

/**
 * The row of headline numbers at the top of a member summary, as a description list so that
 * each figure is read with its label. `className` sets the grid's columns.
 */
export function StatFigures({ items, className }: { items: StatFigure[]; className: string }) {
  return (
    <dl className={`grid gap-2 sm:gap-3 ${className}`}>
      {items.map((item) => (
        <div key={item.testId} className={`${card} p-3 sm:p-4`}>
          <dt className="text-xs text-slate-500 sm:text-sm dark:text-slate-400">{item.label}</dt>
          <dd className="mt-1 text-xl font-bold tabular-nums sm:text-2xl" data-testid={item.testId}>
            {item.value}
          </dd>
          {item.note && (
            <dd className="mt-1 text-xs text-slate-500 dark:text-slate-400">{item.note}</dd>
          )}
        </div>
      ))}
    </dl>
  );
}
