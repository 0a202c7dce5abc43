import type { ReactNode } from "react";

export interface Fact {
  label: ReactNode;
  value: ReactNode;
  /** Layout of the value (`font-semibold`, `[overflow-wrap:anywhere]`). */
  className?: string;
  testId?: string;
}

/**
 * The facts a confirmation is about (member, amount, payee…), as a two-column list on a grey
 * panel. A fact whose value is null or false is left out.
 */
export function Facts({ items }: { items: readonly Fact[] }) {
  return (
    <dl className="grid grid-cols-[auto,1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 dark:bg-slate-800">
      {items
        .filter((fact) => fact.value !== null && fact.value !== false && fact.value !== "")
        .map((fact, i) => (
          <div key={i} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{fact.label}</dt>
            <dd className={fact.className} data-testid={fact.testId}>
              {fact.value}
            </dd>
          </div>
        ))}
    </dl>
  );
}
