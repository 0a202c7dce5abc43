import type { ReactNode } from "react";
import { Stamp } from "~/components/cells";
import { formatDateTime } from "~/lib/format";
import { formatYen } from "~/lib/money";
import type { Column } from "./DataTable";

/**
 * The columns every money and history list shows the same way: when a row happened and how
 * many yen it moved. A date or an amount sorts newest or largest first on the first click.
 */

/** The fields of a row whose value is a `V`. */
type FieldOf<R, V> = { [K in keyof R]-?: R[K] extends V ? K : never }[keyof R] & string;

interface ColumnOptions {
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
