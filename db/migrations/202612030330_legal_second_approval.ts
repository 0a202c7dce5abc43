import { byUser, createIdTable, index, type MigrationDb, types } from "./support";

/**
 * Maker-checker for legal versions that ask every member to agree again: the first admin's
 * publication waits here, outside legal_documents, so nothing that reads the published versions
 * (the public pages, the consent gate) can see it before a second admin approves it. Approval
 * inserts the version into legal_documents and records its number here; sending back keeps the
 * reason for the first admin. `status`: checking (awaiting the second admin), published,
 * returned. `base_version` is the version the text was written against: approval publishes only
 * while it is still the latest. A new table only: the previous release never reads it.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "legal_approvals")
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("base_version", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("body_en", "text")
    .addColumn("summary", "varchar(2000)")
    .addColumn("summary_en", "varchar(2000)")
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("checking"))
    .addColumn("first_approved_by", types.id, byUser)
    .addColumn("first_approved_at", types.timestamp, (c) => c.notNull())
    .addColumn("decided_by", types.id, byUser)
    .addColumn("decided_at", types.timestamp)
    .addColumn("send_back_reason", "varchar(500)")
    .addColumn("version", "integer")
    .execute();
  await index(db, "legal_approvals_kind_status_idx", "legal_approvals", ["kind", "status"]);
  await index(db, "legal_approvals_first_idx", "legal_approvals", ["first_approved_by"]);
  await index(db, "legal_approvals_decided_idx", "legal_approvals", ["decided_by"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("legal_approvals").execute();
}
