import { createTable, index, type MigrationDb, types } from "./support";

/**
 * LIFF ID tokens signed in once: the sha256 of each token that made a session, kept until the
 * token itself expires (then it would be refused anyway), so a token posted again is refused.
 * A new table: the previous release does not read it.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, "liff_token_uses")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("expires_at", types.timestamp, (c) => c.notNull())
    .execute();
  await index(db, "liff_token_uses_expires_idx", "liff_token_uses", ["expires_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("liff_token_uses").execute();
}
