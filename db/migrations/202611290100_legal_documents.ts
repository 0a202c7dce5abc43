import type { MigrationDb } from "./support";
import { byUser, createIdTable, index, ownedBy, types } from "./support";

/**
 * Legal documents (terms of use, privacy policy, 特定商取引法 disclosure, company page) as
 * numbered versions: publishing inserts a row, nothing is ever edited, so every earlier version
 * stays readable as it was published. `body` is the Japanese Markdown (required), `body_en`
 * the English (decision 024). `reconsent` = 1 asks members who accepted an earlier version to
 * accept this one before any other member page. legal_consents records each member's
 * acceptance of a version; UNIQUE (user, document) makes a repeated acceptance a no-op.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "legal_documents")
    // terms | privacy | legal | company
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("body_en", "text")
    .addColumn("summary", "varchar(2000)")
    .addColumn("summary_en", "varchar(2000)")
    .addColumn("reconsent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("published_at", types.timestamp, (c) => c.notNull())
    .addColumn("published_by", types.id, byUser)
    .execute();
  await index(db, "legal_documents_kind_version_uq", "legal_documents", ["kind", "version"], {
    unique: true,
  });
  await index(db, "legal_documents_by_idx", "legal_documents", ["published_by"]);

  await createIdTable(db, "legal_consents")
    .addColumn("user_id", types.id, ownedBy("users.id"))
    .addColumn("document_id", types.id, ownedBy("legal_documents.id"))
    .addColumn("accepted_at", types.timestamp, (c) => c.notNull())
    .execute();
  await index(db, "legal_consents_user_document_uq", "legal_consents", ["user_id", "document_id"], {
    unique: true,
  });
  await index(db, "legal_consents_document_idx", "legal_consents", ["document_id"]);
  await index(db, "legal_consents_accepted_idx", "legal_consents", ["accepted_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("legal_consents").execute();
  await db.schema.dropTable("legal_documents").execute();
}
