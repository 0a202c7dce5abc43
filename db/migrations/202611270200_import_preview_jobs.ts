import type { MigrationDb } from "./support";

/**
 * The preview of a broker report runs as an import job too (kind `preview`): the uploaded file
 * is stored first and the batch points at it (`report_key`, removed once the preview has
 * ended) with its size (`report_bytes`, for the job's progress before the rows are counted).
 * A batch is `previewing` while its job stages rows, `failed` when the file was refused.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("import_batches").addColumn("report_key", "varchar(64)").execute();
  await db.schema
    .alterTable("import_batches")
    .addColumn("report_bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("import_batches").dropColumn("report_bytes").execute();
  await db.schema.alterTable("import_batches").dropColumn("report_key").execute();
}
