import { ArrowDownTrayIcon } from "@heroicons/react/20/solid";
import type { ReactNode } from "react";

/**
 * A file to download (a list's CSV, an EA's file, the bank-transfer file): a link with the
 * download icon before its text. Its look is the caller's: `buttonClass(...)` or a text link.
 */
export function DownloadLink({
  href,
  className,
  testId,
  label,
  children,
}: {
  href: string;
  className: string;
  testId?: string;
  /** What the link fetches, for a screen reader, where the text alone does not say it. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} download data-testid={testId} aria-label={label} className={className}>
      <ArrowDownTrayIcon className="h-4 w-4" aria-hidden="true" />
      {children}
    </a>
  );
}
