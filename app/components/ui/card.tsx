import { type ReactNode, useId } from "react";

/**
 * The surface pages group their content on: a white (dark: slate) panel with a hairline border
 * and a soft shadow. `card` is for elements that must stay what they are (a table's scroller,
 * a form, a list item): `${card} p-4`. Padding and layout are the page's; the look is here.
 */
export const card =
  "rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900";

/** A card with a heading: the sections of the profile and admin pages. */
export function Section({
  title,
  children,
  actions,
  testId,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId} className={`${card} space-y-4 p-4 sm:p-6`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A label/value list (profile facts, masked payment details). */
export function Facts({
  items,
}: {
  items: { label: string; value: ReactNode; testId?: string }[];
}) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{item.label}</dt>
          <dd
            className="mt-0.5 break-all text-sm text-slate-900 dark:text-slate-100"
            data-testid={item.testId}
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The card most auth pages sit in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={`${card} mx-auto w-full max-w-md p-6 sm:p-8`}>
      <h1 className="text-xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <div className="mt-6 space-y-4">{children}</div>
    </div>
  );
}
