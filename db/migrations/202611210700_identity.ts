import { createIdTable, createTable, index, type MigrationDb, ownedBy, types } from "./support";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("users").addColumn("referral_code", "varchar(16)").execute();
  await db.schema.alterTable("users").addColumn("referrer_id", types.id).execute();
  await db.schema.alterTable("users").addColumn("totp_secret", "varchar(64)").execute();
  await db.schema.alterTable("users").addColumn("totp_enabled_at", types.timestamp).execute();
  // The last accepted TOTP time step: a code is never accepted twice.
  await db.schema.alterTable("users").addColumn("totp_last_step", "bigint").execute();
  await index(db, "users_referral_code_idx", "users", ["referral_code"], { unique: true });
  await index(db, "users_referrer_id_idx", "users", ["referrer_id"]);

  // When the session last proved its password (and TOTP): sensitive changes need it recent.
  await db.schema.alterTable("sessions").addColumn("reauth_at", types.timestamp).execute();

  // Single-use links and challenges; only the sha256 of the token is stored.
  await createTable(db, "auth_tokens")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("user_id", types.id, ownedBy("users.id"))
    .addColumn("purpose", "varchar(32)", (c) => c.notNull())
    .addColumn("data", "varchar(500)")
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("expires_at", types.timestamp, (c) => c.notNull())
    .addColumn("used_at", types.timestamp)
    .execute();
  await index(db, "auth_tokens_user_purpose_idx", "auth_tokens", ["user_id", "purpose"]);

  await createIdTable(db, "recovery_codes")
    .addColumn("user_id", types.id, ownedBy("users.id"))
    .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("used_at", types.timestamp)
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await index(db, "recovery_codes_user_idx", "recovery_codes", ["user_id", "code_hash"]);

  // Failed sign-in attempts, one row each, keyed "account:<email>" or "ip:<address>".
  // Shared by every web process, unlike an in-memory limiter.
  await createIdTable(db, "auth_failures")
    .addColumn("key", "varchar(300)", (c) => c.notNull())
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await index(db, "auth_failures_key_created_idx", "auth_failures", ["key", "created_at"]);
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
