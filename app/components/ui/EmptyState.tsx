import type { ReactNode } from "react";

/**
 * What a list says when it has nothing to show: a dashed box with the message and, where there
 * is a next step (register an account, change the filter), that step as a link or button.
 */
export function EmptyState({
  testId,
  children,
  action,
}: {
  testId: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div
      data-testid={testId}
      className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-300"
    >
      <p>{children}</p>
      {action && <div className="mt-4 flex justify-center">{action}</div>}
    </div>
  );
}
