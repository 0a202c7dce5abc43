import { sql } from "kysely";
import { index, isMysql, type MigrationDb } from "./support";

/**
 * Attempt limits move to rate-limiter-flexible (server/auth/rate-limit.ts). Its stores read and
 * write this table with their own SQL: `key`, `points`, `expire` (epoch ms), in that order, and
 * an upsert that reserves an attempt atomically across web processes. The old failure log
 * (checked, then written after the password check) lost that race and goes.
 *
 * The auth_tokens index finds an address inside an unexpired recovery window (a recover_email
 * token carries the old address), which must not be registered or taken by an email change.
 */
export async function up(db: MigrationDb): Promise<void> {
  // Created with SQL rather than createTable(): the stores' upsert inserts positional values, so
  // the column order is part of the contract, and MySQL wants `key` quoted.
  if (isMysql(db)) {
    await sql
      .raw(
        "create table attempt_limits (`key` varchar(255) not null primary key, `points` int not null default 0, `expire` bigint unsigned) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin",
      )
      .execute(db);
  } else {
    await sql
      .raw(
        "create table attempt_limits (key text primary key, points integer not null default 0, expire integer)",
      )
      .execute(db);
  }
  await db.schema.dropTable("auth_failures").execute();
  await index(db, "auth_tokens_purpose_data_idx", "auth_tokens", ["purpose", "data"]);
}

export async function down(db: MigrationDb): Promise<void> {
  const drop = db.schema.dropIndex("auth_tokens_purpose_data_idx");
  await (isMysql(db) ? drop.on("auth_tokens") : drop).execute();
  await db.schema
    .createTable("auth_failures")
    .addColumn("id", "varchar(26)", (c) => c.primaryKey())
    .addColumn("key", "varchar(300)", (c) => c.notNull())
    .addColumn("created_at", "datetime(3)", (c) => c.notNull())
    .execute();
  await index(db, "auth_failures_key_created_idx", "auth_failures", ["key", "created_at"]);
  await db.schema.dropTable("attempt_limits").execute();
}
