import type { MigrationDb } from "./support";
import { byUser, createIdTable, createTable, index, ownedBy, timestamps, types } from "./support";

/**
 * EAs (trading robots), their uploaded versions and members' licences. A licence is for one
 * EA on one of the member's approved broker accounts; live_account_id holds the account id
 * while the licence is pending or active and is null once rejected or revoked, so
 * UNIQUE (ea_id, live_account_id) lets the database refuse a second live licence for the same
 * EA and account. ea_dedicated_accounts marks the broker accounts an admin has confirmed as
 * EA-dedicated (every other approved account is a regular one).
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "eas")
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("developer", "varchar(100)", (c) => c.notNull())
    .addColumn("description", "varchar(4000)", (c) => c.notNull().defaultTo(""))
    // trend | cashback
    .addColumn("category", "varchar(16)", (c) => c.notNull())
    // ea_dedicated | regular
    .addColumn("account_type", "varchar(16)", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", types.id, byUser)
    .$call(timestamps)
    .execute();
  await index(db, "eas_active_category_idx", "eas", ["active", "category", "updated_at"]);
  await index(db, "eas_updated_idx", "eas", ["updated_at"]);
  await index(db, "eas_created_by_idx", "eas", ["created_by"]);

  await createIdTable(db, "ea_files")
    .addColumn("ea_id", types.id, ownedBy("eas.id"))
    .addColumn("version", "varchar(32)", (c) => c.notNull())
    .addColumn("storage_key", "varchar(100)", (c) => c.notNull())
    .addColumn("file_name", "varchar(120)", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("uploaded_by", types.id, byUser)
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await index(db, "ea_files_version_uq", "ea_files", ["ea_id", "version"], { unique: true });
  await index(db, "ea_files_ea_created_idx", "ea_files", ["ea_id", "created_at"]);
  await index(db, "ea_files_uploaded_by_idx", "ea_files", ["uploaded_by"]);

  await createIdTable(db, "ea_licenses")
    .addColumn("ea_id", types.id, (c) => c.notNull().references("eas.id"))
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id"))
    .addColumn("broker_account_id", types.id, (c) => c.notNull().references("broker_accounts.id"))
    .addColumn("live_account_id", types.id)
    // pending | active | rejected | revoked
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("license_key", "varchar(32)", (c) => c.unique())
    .addColumn("reason", "varchar(500)")
    .addColumn("issued_at", types.timestamp)
    .addColumn("issued_by", types.id, byUser)
    .addColumn("ended_at", types.timestamp)
    .addColumn("ended_by", types.id, byUser)
    .$call(timestamps)
    .execute();
  await index(db, "ea_licenses_live_uq", "ea_licenses", ["ea_id", "live_account_id"], {
    unique: true,
  });
  await index(db, "ea_licenses_user_created_idx", "ea_licenses", ["user_id", "created_at"]);
  await index(db, "ea_licenses_ea_status_idx", "ea_licenses", ["ea_id", "status", "created_at"]);
  await index(db, "ea_licenses_status_created_idx", "ea_licenses", ["status", "created_at"]);
  await index(db, "ea_licenses_account_idx", "ea_licenses", ["broker_account_id"]);
  await index(db, "ea_licenses_issued_by_idx", "ea_licenses", ["issued_by"]);
  await index(db, "ea_licenses_ended_by_idx", "ea_licenses", ["ended_by"]);

  await createTable(db, "ea_dedicated_accounts")
    .addColumn("broker_account_id", types.id, (c) =>
      c.primaryKey().references("broker_accounts.id").onDelete("cascade"),
    )
    .addColumn("designated_by", types.id, byUser)
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await index(db, "ea_dedicated_accounts_by_idx", "ea_dedicated_accounts", ["designated_by"]);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["ea_dedicated_accounts", "ea_licenses", "ea_files", "eas"]) {
    await db.schema.dropTable(table).execute();
  }
}
