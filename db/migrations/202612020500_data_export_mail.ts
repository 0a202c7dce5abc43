import { type MigrationDb, types } from "./support";

/**
 * The data-ready mail is recorded on its request: how many tries, the last one's time, and when
 * it went out, so a mail the server refused is tried again on the job's later runs instead of
 * being lost. Requests prepared before this have no tries recorded and are not mailed again.
 * New nullable and defaulted columns: the previous release neither reads nor needs them.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("data_exports").addColumn("mailed_at", types.timestamp).execute();
  await db.schema
    .alterTable("data_exports")
    .addColumn("mail_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("data_exports").addColumn("mail_tried_at", types.timestamp).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const column of ["mailed_at", "mail_attempts", "mail_tried_at"]) {
    await db.schema.alterTable("data_exports").dropColumn(column).execute();
  }
}
