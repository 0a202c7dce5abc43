import { createTable, type MigrationDb, types } from "./support";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("users").addColumn("referral_code", "varchar(16)").execute();
  await db.schema.alterTable("users").addColumn("referrer_id", types.id).execute();
  await db.schema.alterTable("users").addColumn("totp_secret", "varchar(64)").execute();
  await db.schema.alterTable("users").addColumn("totp_enabled_at", types.timestamp).execute();
  // The last accepted TOTP time step: a code is never accepted twice.
  await db.schema.alterTable("users").addColumn("totp_last_step", "bigint").execute();
  await db.schema
    .createIndex("users_referral_code_idx")
    .on("users")
    .column("referral_code")
    .unique()
    .execute();
  await db.schema.createIndex("users_referrer_id_idx").on("users").column("referrer_id").execute();

  // When the session last proved its password (and TOTP): sensitive changes need it recent.
  await db.schema.alterTable("sessions").addColumn("reauth_at", types.timestamp).execute();

  // Single-use links and challenges; only the sha256 of the token is stored.
  await createTable(db, "auth_tokens")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "varchar(32)", (c) => c.notNull())
    .addColumn("data", "varchar(500)")
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("expires_at", types.timestamp, (c) => c.notNull())
    .addColumn("used_at", types.timestamp)
    .execute();
  await db.schema
    .createIndex("auth_tokens_user_purpose_idx")
    .on("auth_tokens")
    .columns(["user_id", "purpose"])
    .execute();

  await createTable(db, "recovery_codes")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("used_at", types.timestamp)
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("recovery_codes_user_idx")
    .on("recovery_codes")
    .columns(["user_id", "code_hash"])
    .execute();

  // Failed sign-in attempts, one row each, keyed "account:<email>" or "ip:<address>".
  // Shared by every web process, unlike an in-memory limiter.
  await createTable(db, "auth_failures")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("key", "varchar(300)", (c) => c.notNull())
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("auth_failures_key_created_idx")
    .on("auth_failures")
    .columns(["key", "created_at"])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("auth_failures").execute();
  await db.schema.dropTable("recovery_codes").execute();
  await db.schema.dropTable("auth_tokens").execute();
  await db.schema.alterTable("sessions").dropColumn("reauth_at").execute();
  await db.schema.dropIndex("users_referrer_id_idx").on("users").execute();
  await db.schema.dropIndex("users_referral_code_idx").on("users").execute();
  for (const column of [
    "totp_last_step",
    "totp_enabled_at",
    "totp_secret",
    "referrer_id",
    "referral_code",
  ]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
