/**
 * Values and rows under each other's names. The code names a field in camelCase, its column is
 * the same words in snake_case (`startsAt` ↔ `starts_at`), and a yes/no is stored as 1/0 (the
 * tables' Bool). An admin form's schema is its row: what it parses is what is stored, so its
 * fields are written once, in the schema. The insert's or update's own types check what
 * `columnsOf` returns against the table: a column missing, or of the wrong type, does not
 * compile; a field without a column is refused by the database in the feature's tests.
 */

type Snake<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${Snake<Rest>}`
  : S;

type Camel<S extends string> = S extends `${infer Head}_${infer C}${infer Rest}`
  ? `${Head}${Uppercase<C>}${Camel<Rest>}`
  : S;

type Stored<V> = V extends boolean ? 0 | 1 : V;

export type Columns<V> = { [P in keyof V & string as Snake<P>]: Stored<V[P]> };
export type Fields<R, K extends keyof R & string> = { [P in K as Camel<P>]: R[P] };

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * Every field of `values` as a column: snake_case names, yes/no as 1/0. Give it the parsed form
 * itself, never an object that carries more (a procedure's whole input with its id): each of
 * its fields is written.
 */
export function columnsOf<V extends object>(values: V): Columns<V> {
  const columns: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    columns[snake(field)] = typeof value === "boolean" ? (value ? 1 : 0) : value;
  }
  return columns as Columns<V>;
}

/**
 * The `columns` of a row under camelCase names, values as read. A Bool column stays 0/1 here:
 * the engines return it as a number, and only the caller knows which numbers are yes/no.
 */
export function fieldsOf<R extends object, K extends keyof R & string>(
  row: R,
  columns: readonly K[],
): Fields<R, K> {
  const fields: Record<string, unknown> = {};
  for (const column of columns) fields[camel(column)] = row[column];
  return fields as Fields<R, K>;
}
