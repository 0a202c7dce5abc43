import type { HTMLAttributes, ReactNode } from "react";

/**
 * A page's heading, the one look for it: Japanese titles break between phrases, not inside a
 * word, so a long title on a phone wraps where a reader would.
 */
export function PageTitle({
  children,
  className = "",
  ...rest
}: HTMLAttributes<HTMLHeadingElement> & { children: ReactNode }) {
  return (
    <h1 className={`break-phrase text-2xl font-bold ${className}`} {...rest}>
      {children}
    </h1>
  );
}

/**
 * A page's heading with the sentence under it saying what the page is for: the one look for a
 * title and its lead. Without a lead it is the title alone in the same box.
 */
export function PageHeading({ title, lead }: { title: ReactNode; lead?: ReactNode }) {
  return (
    <div className="space-y-1">
      <PageTitle>{title}</PageTitle>
      {lead && <p className="text-sm text-slate-600 dark:text-slate-300">{lead}</p>}
    </div>
  );
}
