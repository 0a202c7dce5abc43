/**
 * Helpers for migrations only. Like the migrations themselves this file is frozen: change a
 * helper's behaviour and old migrations would build a different schema. Add new helpers instead.
 */
import { type CreateTableBuilder, type Kysely, MysqlAdapter, sql } from "kysely";

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
