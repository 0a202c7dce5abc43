import type { ReactNode } from "react";

/**
 * A headed part of a page (a member's summary, an import's rows): an h2 that names the section
 * for screen readers. `id` ties the two and is kept readable so the section can be linked to.
 */
export function PageSection({
  id,
  title,
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3" data-testid={testId}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
