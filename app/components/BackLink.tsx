import ArrowLeftIcon from "@heroicons/react/20/solid/ArrowLeftIcon";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { textLink } from "#app/components/ui/link";

/** The "← back to the list" link at the top of a member detail page. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={`${textLink} inline-flex min-h-11 items-center gap-1 text-sm`}>
      <ArrowLeftIcon className="h-4 w-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
