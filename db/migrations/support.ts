/**
 * Helpers for migrations only. Like the migrations themselves this file is frozen: change a
 * helper's behaviour and old migrations would build a different schema. Add new helpers instead.
 * `npx tsx scripts/schema-dump.ts` prints the schema the migrations build: compare it before and
 * after touching anything here.
 */
import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  MysqlAdapter,
  sql,
} from "kysely";

// Migrations are typed against `any`: they describe the schema of their own moment in time,
// not today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MigrationDb = Kysely<any>;

export function isMysql(db: MigrationDb): boolean {
  return db.getExecutor().adapter instanceof MysqlAdapter;
}

/**
 * `create table` with the MySQL options every table gets: InnoDB, utf8mb4 and a binary
 * collation, so string comparison means the same as on SQLite.
 */
export function createTable(db: MigrationDb, name: string): CreateTableBuilder<string, never> {
  const builder = db.schema.createTable(name);
  return isMysql(db)
    ? builder.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`)
    : builder;
}

/** Column types that mean the same on both engines. */
export const types = {
  id: "varchar(26)",
  timestamp: "datetime(3)",
  money: "bigint",
} as const;

/** `createTable` whose first column is the usual ULID primary key `id`, as most tables have. */
export function createIdTable(db: MigrationDb, name: string) {
  return createTable(db, name).addColumn("id", types.id, (c) => c.primaryKey());
}

/** The required `created_at` and `updated_at` pair that ends most editable tables. */
export function timestamps<C extends string>(table: CreateTableBuilder<string, C>) {
  return table
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull());
}

/**
 * A user who acted on the row (created_by, decided_by, …): optional, and set to null when that
 * user is deleted, so the row outlives its author.
 */
export function byUser(column: ColumnDefinitionBuilder): ColumnDefinitionBuilder {
  return column.references("users.id").onDelete("set null");
}

/**
 * A required reference to the row's owner (`"users.id"`, `"gachas.id"`, …): the row is deleted
 * with its owner.
 */
export function ownedBy(target: string) {
  return (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    column.notNull().references(target).onDelete("cascade");
}

/**
 * One index, on one line. Each call is its own statement, in order: on MySQL the order is the
 * order SHOW CREATE TABLE lists them in.
 */
export async function index(
  db: MigrationDb,
  name: string,
  table: string,
  columns: string[],
  options: { unique?: boolean } = {},
): Promise<void> {
  const builder = db.schema.createIndex(name).on(table).columns(columns);
  await (options.unique ? builder.unique() : builder).execute();
}
