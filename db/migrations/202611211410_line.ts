import { createIdTable, createTable, index, type MigrationDb, ownedBy, types } from "./support";

/**
 * LINE: the link between a member and a LINE account (unique both ways), the login attempts
 * that create it (state, nonce and PKCE verifier kept on the server, bound to a session), the
 * friendship state the bot learns from follow/unfollow events, notification preferences, the
 * webhook events as received (deduplicated by LINE's webhookEventId), and the notification
 * outbox the web app writes in the same transaction as the event it announces.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, "line_links")
    .addColumn("user_id", types.id, (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("line_user_id", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("display_name", "varchar(200)")
    .addColumn("linked_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();

  await createTable(db, "line_friends")
    .addColumn("line_user_id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("following", "boolean", (c) => c.notNull())
    // The LINE event time (ms) of the last change: an older event, redelivered late, loses.
    .addColumn("event_ts", "bigint", (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();

  await createTable(db, "line_login_requests")
    // sha256 of the state: the table alone cannot complete anyone's login.
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("session_id", "varchar(64)", ownedBy("sessions.id"))
    .addColumn("user_id", types.id, ownedBy("users.id"))
    .addColumn("nonce", "varchar(64)", (c) => c.notNull())
    .addColumn("code_verifier", "varchar(128)", (c) => c.notNull())
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("expires_at", types.timestamp, (c) => c.notNull())
    .addColumn("used_at", types.timestamp)
    .execute();
  await index(db, "line_login_requests_session_idx", "line_login_requests", ["session_id"]);
  await index(db, "line_login_requests_user_idx", "line_login_requests", ["user_id"]);
  await index(db, "line_login_requests_expires_idx", "line_login_requests", ["expires_at"]);

  await createTable(db, "line_notify_prefs")
    .addColumn("user_id", types.id, (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("withdrawal", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("transfer", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("marathon", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("support", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();

  await createTable(db, "line_webhook_events")
    .addColumn("webhook_event_id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("type", "varchar(32)", (c) => c.notNull())
    .addColumn("line_user_id", "varchar(64)")
    .addColumn("event_ts", "bigint", (c) => c.notNull())
    .addColumn("redelivery", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("error", "varchar(500)")
    .addColumn("received_at", types.timestamp, (c) => c.notNull())
    .addColumn("processed_at", types.timestamp)
    .execute();
  await index(db, "line_webhook_events_status_idx", "line_webhook_events", [
    "status",
    "received_at",
  ]);

  await createIdTable(db, "notifications")
    .addColumn("user_id", types.id, ownedBy("users.id"))
    .addColumn("kind", "varchar(32)", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    // One notification per event, however often the event's code runs.
    .addColumn("dedupe_key", "varchar(128)", (c) => c.notNull().unique())
    // Sent as X-Line-Retry-Key on every attempt: LINE accepts the push once.
    .addColumn("retry_key", "varchar(36)", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    // When the row may be (re)claimed: due time while pending, the lease end while claimed.
    .addColumn("next_attempt_at", types.timestamp, (c) => c.notNull())
    .addColumn("claim_token", "varchar(32)")
    .addColumn("last_error", "varchar(500)")
    .addColumn("line_request_id", "varchar(64)")
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("sent_at", types.timestamp)
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();
  await index(db, "notifications_due_idx", "notifications", ["status", "next_attempt_at"]);
  await index(db, "notifications_user_created_idx", "notifications", ["user_id", "created_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    "notifications",
    "line_webhook_events",
    "line_notify_prefs",
    "line_login_requests",
    "line_friends",
    "line_links",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
