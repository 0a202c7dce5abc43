import { createTable, index, type MigrationDb, types } from "./support";

/**
 * Signing in with LINE: the attempts a browser started (the state only as a hash, with the
 * nonce and PKCE verifier, bound to a cookie of that browser by its hash), and the sign-ups a
 * LINE user began (the LINE identity waits there until the terms are agreed to and the address
 * is proven; no account exists before). `users.password_unset_at`: the account was made without
 * a password (sign-up with LINE), so LINE is its only way in until a password is set.
 * New tables and a nullable column: the previous release reads none of them.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, "line_sign_in_requests")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("browser_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("nonce", "varchar(64)", (c) => c.notNull())
    .addColumn("code_verifier", "varchar(128)", (c) => c.notNull())
    .addColumn("popup", "boolean", (c) => c.notNull())
    .addColumn("redirect_to", "varchar(500)")
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("expires_at", types.timestamp, (c) => c.notNull())
    .addColumn("used_at", types.timestamp)
    .execute();
  await index(db, "line_sign_in_requests_expires_idx", "line_sign_in_requests", ["expires_at"]);

  await createTable(db, "line_sign_ups")
    // sha256 of the browser's sign-up cookie.
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("line_user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("display_name", "varchar(200)")
    // The address LINE vouched for (the email permission), or null.
    .addColumn("line_email", "varchar(254)")
    // Filled when the member asked for a mail: the address, the sha256 of the mailed token,
    // and what they typed and agreed to.
    .addColumn("mail_email", "varchar(254)")
    .addColumn("mail_token_hash", "varchar(64)", (c) => c.unique())
    .addColumn("name", "varchar(200)")
    .addColumn("nickname", "varchar(200)")
    .addColumn("language", "varchar(8)")
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("expires_at", types.timestamp, (c) => c.notNull())
    .addColumn("used_at", types.timestamp)
    .execute();
  await index(db, "line_sign_ups_expires_idx", "line_sign_ups", ["expires_at"]);

  await db.schema.alterTable("users").addColumn("password_unset_at", types.timestamp).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("users").dropColumn("password_unset_at").execute();
  await db.schema.dropTable("line_sign_ups").execute();
  await db.schema.dropTable("line_sign_in_requests").execute();
}
