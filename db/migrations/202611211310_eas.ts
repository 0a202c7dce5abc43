import { createTable, type MigrationDb, types } from "./support";

/**
 * EAs (trading robots), their uploaded versions and members' licences. A licence is for one
 * EA on one of the member's approved broker accounts; live_account_id holds the account id
 * while the licence is pending or active and is null once rejected or revoked, so
 * UNIQUE (ea_id, live_account_id) lets the database refuse a second live licence for the same
 * EA and account. ea_dedicated_accounts marks the broker accounts an admin has confirmed as
 * EA-dedicated (every other approved account is a regular one).
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, "eas")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("developer", "varchar(100)", (c) => c.notNull())
    .addColumn("description", "varchar(4000)", (c) => c.notNull().defaultTo(""))
    // trend | cashback
    .addColumn("category", "varchar(16)", (c) => c.notNull())
    // ea_dedicated | regular
    .addColumn("account_type", "varchar(16)", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", types.id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("eas_active_category_idx")
    .on("eas")
    .columns(["active", "category", "updated_at"])
    .execute();
  await db.schema.createIndex("eas_updated_idx").on("eas").column("updated_at").execute();
  await db.schema.createIndex("eas_created_by_idx").on("eas").column("created_by").execute();

  await createTable(db, "ea_files")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("ea_id", types.id, (c) => c.notNull().references("eas.id").onDelete("cascade"))
    .addColumn("version", "varchar(32)", (c) => c.notNull())
    .addColumn("storage_key", "varchar(100)", (c) => c.notNull())
    .addColumn("file_name", "varchar(120)", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("uploaded_by", types.id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("ea_files_version_uq")
    .on("ea_files")
    .columns(["ea_id", "version"])
    .unique()
    .execute();
  await db.schema
    .createIndex("ea_files_ea_created_idx")
    .on("ea_files")
    .columns(["ea_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("ea_files_uploaded_by_idx")
    .on("ea_files")
    .column("uploaded_by")
    .execute();

  await createTable(db, "ea_licenses")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("ea_id", types.id, (c) => c.notNull().references("eas.id"))
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id"))
    .addColumn("broker_account_id", types.id, (c) => c.notNull().references("broker_accounts.id"))
    .addColumn("live_account_id", types.id)
    // pending | active | rejected | revoked
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("license_key", "varchar(32)", (c) => c.unique())
    .addColumn("reason", "varchar(500)")
    .addColumn("issued_at", types.timestamp)
    .addColumn("issued_by", types.id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("ended_at", types.timestamp)
    .addColumn("ended_by", types.id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("ea_licenses_live_uq")
    .on("ea_licenses")
    .columns(["ea_id", "live_account_id"])
    .unique()
    .execute();
  await db.schema
    .createIndex("ea_licenses_user_created_idx")
    .on("ea_licenses")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("ea_licenses_ea_status_idx")
    .on("ea_licenses")
    .columns(["ea_id", "status", "created_at"])
    .execute();
  await db.schema
    .createIndex("ea_licenses_status_created_idx")
    .on("ea_licenses")
    .columns(["status", "created_at"])
    .execute();
  await db.schema
    .createIndex("ea_licenses_account_idx")
    .on("ea_licenses")
    .column("broker_account_id")
    .execute();
  await db.schema
    .createIndex("ea_licenses_issued_by_idx")
    .on("ea_licenses")
    .column("issued_by")
    .execute();
  await db.schema
    .createIndex("ea_licenses_ended_by_idx")
    .on("ea_licenses")
    .column("ended_by")
    .execute();

  await createTable(db, "ea_dedicated_accounts")
    .addColumn("broker_account_id", types.id, (c) =>
      c.primaryKey().references("broker_accounts.id").onDelete("cascade"),
    )
    .addColumn("designated_by", types.id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("ea_dedicated_accounts_by_idx")
    .on("ea_dedicated_accounts")
    .column("designated_by")
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["ea_dedicated_accounts", "ea_licenses", "ea_files", "eas"]) {
    await db.schema.dropTable(table).execute();
  }
}
