import { createIdTable, createTable, index, type MigrationDb, ownedBy, types } from "./support";

export async function up(db: MigrationDb): Promise<void> {
  // WebAuthn credentials (passkeys): a second factor, and a sign-in of their own when the
  // authenticator verified the user. Deleting the user deletes their passkeys.
  await createIdTable(db, "passkeys")
    .addColumn("user_id", types.id, ownedBy("users.id"))
    // base64url, as the browser reports it; 512 characters keep the unique index within
    // MySQL's key length (the service refuses longer ids).
    .addColumn("credential_id", "varchar(512)", (c) => c.notNull())
    // The COSE public key, base64url (post-quantum keys are over a kilobyte: text).
    .addColumn("public_key", "text", (c) => c.notNull())
    // The authenticator's signature counter: a value that does not grow is a cloned key.
    .addColumn("counter", "bigint", (c) => c.notNull().defaultTo(0))
    // Comma-separated hints ("internal,hybrid") passed back to the browser.
    .addColumn("transports", "varchar(255)")
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("last_used_at", types.timestamp)
    .execute();
  await index(db, "passkeys_credential_id_idx", "passkeys", ["credential_id"], { unique: true });
  await index(db, "passkeys_user_idx", "passkeys", ["user_id"]);

  // WebAuthn challenges, single use, five minutes. Not auth_tokens: a passwordless sign-in has
  // no user yet when its challenge is issued. Only the sha256 of the challenge is stored.
  await createTable(db, "passkey_challenges")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("purpose", "varchar(32)", (c) => c.notNull())
    .addColumn("user_id", types.id, (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("expires_at", types.timestamp, (c) => c.notNull())
    .addColumn("used_at", types.timestamp)
    .execute();
  await index(db, "passkey_challenges_expires_idx", "passkey_challenges", ["expires_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("passkey_challenges").execute();
  await db.schema.dropTable("passkeys").execute();
}
