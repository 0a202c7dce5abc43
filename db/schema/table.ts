import type { ColumnType, InsertType, SelectType } from "kysely";
import type { DB } from "../schema.generated";

/**
 * Table types. Which tables and columns exist, their SQL types, which take NULL and which have a
 * default come from db/schema.generated.ts, generated from the migrated database by
 * `npm run db:types`; the files of this folder add what the code knows beyond SQL.
 * Conventions, the same on both engines:
 * - ids are strings from `newId()` (time-ordered, not guessable), never auto-increment;
 * - timestamps are UTC strings "YYYY-MM-DD HH:MM:SS.mmm" (see db/time.ts);
 * - booleans are 0/1 integers;
 * - money is an integer number of yen.
 */

export type Timestamp = string;
export type Bool = 0 | 1;

/** Columns that record when a row came to be: written by the insert, never updated. */
type WrittenOnce = "created_at" | "received_at";

/**
 * What `Table` accepts for the column C: its values or a subset of them (a union of states,
 * 0 | 1), with `| null` exactly when the column takes NULL. Anything else is a compile error at
 * the column, so these files cannot drift from the database.
 */
type Entry<C, V> =
  null extends SelectType<C>
    ? null extends V
      ? SelectType<C>
      : "the column takes NULL: add | null"
    : SelectType<C>;

type Entries<G, N> = { [K in keyof N]: K extends keyof G ? Entry<G[K], N[K]> : "no such column" };

/** What the generated insert type allows besides values: NULL, and omission when defaulted. */
type Absent<T> = Extract<T, null | undefined>;

/**
 * One column in its plainest form, as the code reads it: the values V, or a ColumnType only
 * where inserting or updating differs from reading (a NOT NULL column with a default may be
 * left out of an insert; a WrittenOnce column is never updated).
 */
type Column<C, V, K> = K extends WrittenOnce
  ? ColumnType<V, NonNullable<V> | Absent<InsertType<C>>, never>
  : undefined extends InsertType<C>
    ? null extends V
      ? V
      : ColumnType<V, V | undefined, V>
    : V;

/**
 * The table T of the generated types, with the columns of N narrowed (or only documented) by
 * their select type and the others as generated.
 */
export type Table<T extends keyof DB, N extends Entries<DB[T], N> = object> = {
  [K in keyof DB[T]]: Column<DB[T][K], K extends keyof N ? N[K] : SelectType<DB[T][K]>, K>;
};
