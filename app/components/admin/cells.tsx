import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Stamp } from "~/components/cells";
import type { Column } from "~/components/table/DataTable";
import { textLink } from "~/components/ui/link";

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

/**
 * A date-and-time column (Tokyo time) showing the row's `field`. `sorted`: its header sorts the
 * list by the column's key, newest first on the first click, as every date column does.
 */
export function dateColumn<R>(
  field: keyof R & string,
  header: ReactNode,
  { key = field, sorted = false }: { key?: string; sorted?: boolean } = {},
): Column<R> {
  return {
    key,
    header,
    ...(sorted ? { sortKey: key, firstDir: "desc" as const } : {}),
    cell: (row) => <Stamp utc={row[field] as string | null} />,
  };
}
