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
