import { Fragment } from "react";
import { formatDateTime } from "#app/lib/format";

/**
 * Small pieces of table cells for the admin lists with many columns, so they fit a laptop's
 * width and wrap where a reader expects.
 */

/** A stored UTC timestamp as Tokyo date over time ("—" for none). */
export function Stamp({ utc }: { utc: string | null | undefined }) {
  const text = formatDateTime(utc);
  if (!text) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  const [date, time] = text.split(" ");
  return (
    <span className="block whitespace-nowrap">
      <span className="block">{date}</span>
      <span className="block text-xs text-slate-500 dark:text-slate-400">{time}</span>
    </span>
  );
}

/** An email address that wraps before its "@" rather than in the middle of a name. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <>{email}</>;
  return (
    <Fragment>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </Fragment>
  );
}
