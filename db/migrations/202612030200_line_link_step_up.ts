import { type MigrationDb, types } from "./support";

/**
 * Linking LINE from the security page and confirming it is you through LINE: a LINE Login
 * started by a session now says what it is for (`purpose`: link, or reauth for a member whose
 * only way in is LINE; null is a link, as every row before this release) and which page it
 * returns to (`back_to`: line, security or profile; null is the LINE page). `proven_at`: a
 * reauth whose LINE user matched, waiting for the account's authenticator code.
 * Nullable columns only: the previous release neither reads nor writes them.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("line_login_requests").addColumn("purpose", "varchar(16)").execute();
  await db.schema.alterTable("line_login_requests").addColumn("back_to", "varchar(16)").execute();
  await db.schema
    .alterTable("line_login_requests")
    .addColumn("proven_at", types.timestamp)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const column of ["proven_at", "back_to", "purpose"]) {
    await db.schema.alterTable("line_login_requests").dropColumn(column).execute();
  }
}
