import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { EmailText } from "#app/components/cells";
import type { Column } from "#app/components/table/DataTable";
import { textLink } from "#app/components/ui/link";
import { cellLink } from "#app/components/table/ListHeading";

/** The admin lists' date column lives with the other shared columns. */
export { dateColumn } from "#app/components/table/columns";

/**
 * A member in an admin table: the name leading to their admin page, and under it what tells
 * two members apart (their email, or their nickname where the name is the real one).
 */
export function MemberCell({
  id,
  name,
  detail,
  className = "block",
  testId,
}: {
  id: string;
  name: ReactNode;
  detail: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <span className={className}>
      <Link to={`/admin/customer/${id}`} className={`${textLink} font-medium`} data-testid={testId}>
        {name}
      </Link>
      <span className="block text-xs text-slate-500 [overflow-wrap:anywhere] dark:text-slate-400">
        {detail}
      </span>
    </span>
  );
}

/** The member column of an admin list whose rows carry their member: nickname over email. */
export function memberColumn<R extends { member: { id: string; nickname: string; email: string } }>(
  header: ReactNode,
  { sortKey }: { sortKey?: string } = {},
): Column<R> {
  return {
    key: "member",
    header,
    ...(sortKey ? { sortKey } : {}),
    className: "min-w-40",
    cell: (r) => (
      <MemberCell
        id={r.member.id}
        name={r.member.nickname}
        detail={<EmailText email={r.member.email} />}
      />
    ),
  };
}

/**
 * The leading column of an admin catalogue list (campaigns, gachas, EAs): the row's name leading
 * to its admin page, with small grey notes under it (its developer, "inactive", …). `spaced`
 * puts a little room above each note, as the lists with a single note do.
 */
export function nameLinkColumn<R>({
  key,
  header,
  href,
  name,
  notes,
  testId,
  className = "min-w-40",
  linkClassName = cellLink,
  spaced = false,
}: {
  key: string;
  header: ReactNode;
  href: (row: R) => string;
  name: (row: R) => ReactNode;
  /** The notes under the name; a false entry is left out. */
  notes: (row: R) => (ReactNode | false)[];
  testId: string;
  className?: string;
  linkClassName?: string;
  spaced?: boolean;
}): Column<R> {
  const noteClass = `${spaced ? "mt-1 " : ""}block text-xs text-slate-500 dark:text-slate-400`;
  return {
    key,
    header,
    sortKey: key,
    className,
    cell: (row) => (
      <span className="block">
        <Link to={href(row)} className={linkClassName} data-testid={testId}>
          {name(row)}
        </Link>
        {notes(row).map(
          (note, i) =>
            note !== false && (
              <span key={i} className={noteClass}>
                {note}
              </span>
            ),
        )}
      </span>
    ),
  };
}

/** A right-aligned count in an admin list leading to the page listing what was counted. */
export function countLinkColumn<R>(
  key: string,
  header: ReactNode,
  { href, count, testId }: { href: (row: R) => string; count: (row: R) => number; testId?: string },
): Column<R> {
  return {
    key,
    header,
    align: "right",
    cell: (row) => (
      <Link to={href(row)} className={cellLink} data-testid={testId}>
        {count(row).toLocaleString("en")}
      </Link>
    ),
  };
}
