import type { MigrationDb } from "./support";
import { byUser, createIdTable, createTable, index, ownedBy, timestamps, types } from "./support";

/**
 * Profiles, payment details, brokers and the cashback (broker) accounts members register.
 */
export async function up(db: MigrationDb): Promise<void> {
  // The profile: an image in the storage adapter (its key, never a public URL), the Twitter
  // account URL and the ranking opt-out (rankings show nicknames only, and a member may opt out).
  await db.schema.alterTable("users").addColumn("profile_image", "varchar(100)").execute();
  await db.schema.alterTable("users").addColumn("twitter_url", "varchar(200)").execute();
  await db.schema
    .alterTable("users")
    .addColumn("ranking_opt_out", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // The admin customer list sorts by nickname.
  await index(db, "users_nickname_idx", "users", ["nickname"]);

  // Where withdrawals are paid: one row per member, apart from users so that reading a user
  // never reads bank details by accident.
  await createTable(db, "payment_details")
    .addColumn("user_id", types.id, (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("bank_name", "varchar(60)")
    .addColumn("bank_code", "varchar(4)")
    .addColumn("branch_name", "varchar(60)")
    .addColumn("branch_number", "varchar(3)")
    .addColumn("account_type", "varchar(16)")
    .addColumn("bank_account_number", "varchar(7)")
    .addColumn("account_holder", "varchar(100)")
    .addColumn("usdt_address", "varchar(64)")
    .addColumn("exness_email", "varchar(254)")
    .addColumn("peska_email", "varchar(254)")
    .addColumn("bitwallet_email", "varchar(254)")
    .addColumn("paypay_id", "varchar(15)")
    .$call(timestamps)
    .execute();

  await createIdTable(db, "brokers")
    .addColumn("code", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    // mt_number | customer_id | uid
    .addColumn("account_kind", "varchar(16)", (c) => c.notNull())
    // The broker's own id pattern (customer id / UID brokers): characters and length.
    .addColumn("id_charset", "varchar(16)")
    .addColumn("id_min_length", "integer")
    .addColumn("id_max_length", "integer")
    .addColumn("signup_url", "varchar(500)", (c) => c.notNull())
    .addColumn("logo_path", "varchar(200)")
    .addColumn("banner_path", "varchar(200)")
    .addColumn("auto_rebate", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .execute();
  await index(db, "brokers_active_order_idx", "brokers", ["active", "display_order"]);

  await createIdTable(db, "broker_accounts")
    .addColumn("user_id", types.id, ownedBy("users.id"))
    .addColumn("broker_id", types.id, (c) =>
      c.notNull().references("brokers.id").onDelete("restrict"),
    )
    .addColumn("account_number", "varchar(32)", (c) => c.notNull())
    // account_number while pending or approved, null once denied: the unique key below
    // refuses a second registration of a live account (across all members) yet lets a
    // denied number be registered again by its real owner.
    .addColumn("live_number", "varchar(32)")
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("deny_reason", "varchar(500)")
    .addColumn("decided_at", types.timestamp)
    .addColumn("decided_by", types.id, byUser)
    .$call(timestamps)
    .execute();
  await index(db, "broker_accounts_live_uq", "broker_accounts", ["broker_id", "live_number"], {
    unique: true,
  });
  await index(db, "broker_accounts_user_idx", "broker_accounts", ["user_id", "created_at"]);
  await index(db, "broker_accounts_broker_idx", "broker_accounts", ["broker_id", "created_at"]);
  await index(db, "broker_accounts_status_idx", "broker_accounts", ["status", "created_at"]);
  await index(db, "broker_accounts_created_idx", "broker_accounts", ["created_at"]);
  await index(db, "broker_accounts_number_idx", "broker_accounts", ["account_number"]);
  await index(db, "broker_accounts_decided_by_idx", "broker_accounts", ["decided_by"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("broker_accounts").execute();
  await db.schema.dropTable("brokers").execute();
  await db.schema.dropTable("payment_details").execute();
  await db.schema.dropIndex("users_nickname_idx").on("users").execute();
  for (const column of ["ranking_opt_out", "twitter_url", "profile_image"]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
