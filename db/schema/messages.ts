/** Support chat, LINE and the notification outbox. */
import type { Bool, Table } from "./table";

export type ChatRole = "member" | "admin";

/** One support thread per member; each side's read marker is the newest message id it saw. */
export type ChatThreadsTable = Table<"chat_threads">;

export type ChatMessagesTable = Table<
  "chat_messages",
  {
    sender_role: ChatRole;
    /** Up to 2,000 characters; empty when the message is only an image. */
    body: string;
    /** Storage key of an attached image (area "chat"), served only to the thread's people. */
    image_key: string | null;
  }
>;

/** A member's LINE account; UNIQUE on both columns: one LINE account per member and back. */
export type LineLinksTable = Table<"line_links">;

/** Whether a LINE user follows the official account (follow/unfollow events). */
export type LineFriendsTable = Table<
  "line_friends",
  {
    following: Bool;
    /** LINE's event time in ms of the last change. */
    event_ts: number;
  }
>;

/** A LINE Login in progress, bound to the session that started it. */
export type LineLoginRequestsTable = Table<
  "line_login_requests",
  {
    /** sha256 (hex) of the state parameter. */
    id: string;
  }
>;

/** Which notifications a member wants on LINE; no row means all of them. */
export type LineNotifyPrefsTable = Table<
  "line_notify_prefs",
  {
    withdrawal: Bool;
    transfer: Bool;
    marathon: Bool;
    support: Bool;
    /** Broker account approved or denied. */
    account: Bool;
  }
>;

/** Which money events a member wants by mail; no row means all of them. */
export type MailNotifyPrefsTable = Table<
  "mail_notify_prefs",
  {
    withdrawal: Bool;
    transfer: Bool;
    account: Bool;
    /** Prizes and rewards credited: one digest a day at most. */
    rewards: Bool;
  }
>;

export type WebhookEventStatus = "received" | "done" | "ignored" | "failed";

export type LineWebhookEventsTable = Table<
  "line_webhook_events",
  {
    redelivery: Bool;
    /** The event object as LINE sent it (JSON). */
    payload: string;
    status: WebhookEventStatus;
  }
>;

export type NotificationKind =
  | "withdrawal_completed"
  | "withdrawal_rejected"
  | "transfer_completed"
  | "transfer_failed"
  | "transfer_received"
  | "marathon_goal"
  | "battle_prize"
  | "support_reply"
  | "account_approved"
  | "account_denied"
  | "ea_account_approved"
  | "ea_account_denied"
  /** The admin switched the USDT network: the member's saved address is for the old one. */
  | "usdt_network_changed"
  /** Mail only: the day's prizes and rewards credited, one row per member and Tokyo date. */
  | "rewards_digest";
export type NotificationChannel = "line" | "mail";
export type NotificationStatus = "pending" | "sent" | "failed" | "skipped";

/** The outbox: written with the event, delivered by the bot worker. */
export type NotificationsTable = Table<
  "notifications",
  {
    /** Existing rows (before mail) are LINE's. */
    channel: NotificationChannel;
    kind: NotificationKind;
    /** JSON: what the message needs (amounts, reasons, ids). */
    payload: string;
    status: NotificationStatus;
  }
>;
