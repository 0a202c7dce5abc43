import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Stamp } from "#app/components/cells";
import { textLink } from "#app/components/ui/link";
import { formatDateTime } from "#app/lib/format";
import { formatYen } from "#app/lib/money";
import type { Column } from "./DataTable";

/**
 * The columns every list shows the same way: when a row happened, how many yen it moved, a
 * name leading to the row's page, a code, a count. A date or an amount sorts newest or largest
 * first on the first click; a name or a code from A.
 */

/** The fields of a row whose value is a `V`. */
type FieldOf<R, V> = { [K in keyof R]-?: R[K] extends V ? K : never }[keyof R] & string;

interface ColumnOptions {
  /** Keep the cell on one line. */
  nowrap?: boolean;
  /** The column's key (and sort key) when it is not the field's name. */
  key?: string;
  /** The header sorts the list by the key; the first click sorts descending. */
  sorted?: boolean;
}

function sortedDescending(key: string, sorted: boolean) {
  return sorted ? { sortKey: key, firstDir: "desc" as const } : {};
}

/** A stored UTC timestamp as a Tokyo date over its time (`Stamp`): the admin lists' dates. */
export function dateColumn<R>(
  field: FieldOf<R, string | null | undefined>,
  header: ReactNode,
  { key = field, sorted = false }: ColumnOptions = {},
): Column<R> {
  return {
    key,
    header,
    ...sortedDescending(key, sorted),
    cell: (row) => <Stamp utc={row[field] as string | null} />,
  };
}

/**
 * A date on one line, as `format` writes the stored value (a Tokyo date and time unless told:
 * `formatDate` for a day, `formatTradeDate` for a trading day).
 */
export function timeColumn<R>(
  field: FieldOf<R, string>,
  header: ReactNode,
  {
    key = field,
    sorted = false,
    format = formatDateTime,
  }: ColumnOptions & { format?: (value: string) => string } = {},
): Column<R> {
  return {
    key,
    header,
    ...sortedDescending(key, sorted),
    nowrap: true,
    cell: (row) => format(row[field] as string),
  };
}

/**
 * An amount in yen, right-aligned on one line. `figures`: "tabular" lines the digits up in a
 * column of figures, "strong" also sets the amount in bold (the amount a row is about).
 */
export function yenColumn<R>(
  field: FieldOf<R, number>,
  header: ReactNode,
  {
    key = field,
    sorted = false,
    figures = "plain",
  }: ColumnOptions & { figures?: "plain" | "tabular" | "strong" } = {},
): Column<R> {
  const figureClass = {
    plain: null,
    tabular: "tabular-nums",
    strong: "font-semibold tabular-nums",
  };
  return {
    key,
    header,
    ...sortedDescending(key, sorted),
    align: "right",
    nowrap: true,
    cell: (row) => {
      const text = formatYen(row[field] as number);
      const className = figureClass[figures];
      return className ? <span className={className}>{text}</span> : text;
    },
  };
}

/** A field's text as it is (a name, an email), sorted from A when `sorted`. */
export function textColumn<R>(
  field: FieldOf<R, string | number>,
  header: ReactNode,
  { key = field, sorted = false, nowrap = false }: ColumnOptions = {},
): Column<R> {
  return {
    key,
    header,
    ...(sorted ? { sortKey: key } : {}),
    ...(nowrap ? { nowrap } : {}),
    cell: (row) => row[field] as string | number,
  };
}

/**
 * A code (a referral code, an id, an account number) in a fixed-width face on one line, so
 * look-alike characters stay apart; `small` for the long ones (ids).
 */
export function codeColumn<R>(
  field: FieldOf<R, string>,
  header: ReactNode,
  { key = field, small = false }: ColumnOptions & { small?: boolean } = {},
): Column<R> {
  return {
    key,
    header,
    nowrap: !small,
    cell: (row) => (
      <span className={small ? "font-mono text-xs" : "font-mono"}>{row[field] as string}</span>
    ),
  };
}

/**
 * A count or other figure, right-aligned with its digits lined up (`tabular-nums`); `value`
 * writes it when it is not the field as it is. Sorted largest first on the first click.
 */
export function figureColumn<R>(
  key: string,
  header: ReactNode,
  {
    value,
    sorted = false,
    nowrap = false,
  }: Omit<ColumnOptions, "key"> & { value: (row: R) => ReactNode },
): Column<R> {
  return {
    key,
    header,
    ...sortedDescending(key, sorted),
    align: "right",
    ...(nowrap ? { nowrap } : {}),
    cell: (row) => <span className="tabular-nums">{value(row)}</span>,
  };
}

/**
 * The name a row is known by, leading to its page (`to`): the first column of most lists.
 * `className` sizes the column (`min-w-40`), `linkClassName` is the link's look when it is
 * not the plain text link in medium weight.
 */
export function linkColumn<R>(
  key: string,
  header: ReactNode,
  {
    to,
    text,
    sorted = false,
    className,
    linkClassName = `${textLink} font-medium`,
    testId,
  }: Omit<ColumnOptions, "key" | "nowrap"> & {
    to: (row: R) => string;
    text: (row: R) => ReactNode;
    className?: string;
    linkClassName?: string;
    testId?: string;
  },
): Column<R> {
  return {
    key,
    header,
    ...(sorted ? { sortKey: key, firstDir: "asc" as const } : {}),
    ...(className ? { className } : {}),
    cell: (row) => (
      <Link to={to(row)} className={linkClassName} data-testid={testId}>
        {text(row)}
      </Link>
    ),
  };
}

/** A broker account as the lists write it: the broker's name, then the number in a fixed face. */
export function BrokerAccount({
  broker,
  number,
  className = "whitespace-nowrap",
  testId,
  children,
}: {
  broker: ReactNode;
  number: ReactNode;
  className?: string;
  testId?: string;
  /** What stands under the account (its type). */
  children?: ReactNode;
}) {
  return (
    <span className={className} data-testid={testId}>
      {broker} <span className="font-mono">{number}</span>
      {children}
    </span>
  );
}
