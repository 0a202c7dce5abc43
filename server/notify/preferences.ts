import type { Kysely } from "kysely";
import { isUniqueViolation } from "#db/dialect";
import type { Database, NotificationChannel, NotificationKind } from "#db/schema";
import { nowDb } from "#db/time";

/**
 * Who wants what, where. Members choose per event group and channel (on /users/mypage); no
 * stored row means everything is on. The rules here are pure, so they are unit-tested; the
 * reads and writes below them are the only place these tables are touched for notifications.
 */

/** The money-event groups a member switches on /users/mypage. */
export const EVENT_GROUPS = ["withdrawal", "transfer", "account", "rewards"] as const;
export type EventGroup = (typeof EVENT_GROUPS)[number];

export type ChannelPrefs = Record<EventGroup, boolean>;
export interface NotifyPrefs {
  mail: ChannelPrefs;
  /** `rewards` on LINE is the older "marathon" switch: marathon goals and battle prizes. */
  line: ChannelPrefs & { support: boolean };
}

export const ALL_ON: NotifyPrefs = {
  mail: { withdrawal: true, transfer: true, account: true, rewards: true },
  line: { withdrawal: true, transfer: true, account: true, rewards: true, support: true },
};

/** The group (preference switch) of each kind; support replies are LINE-only and not money. */
export const GROUP_OF: Record<NotificationKind, EventGroup | "support"> = {
  withdrawal_completed: "withdrawal",
  withdrawal_rejected: "withdrawal",
  transfer_completed: "transfer",
  transfer_failed: "transfer",
  transfer_received: "transfer",
  account_approved: "account",
  account_denied: "account",
  ea_account_approved: "account",
  ea_account_denied: "account",
  // About where withdrawals go: the members who chose to hear about withdrawals.
  usdt_network_changed: "withdrawal",
  marathon_goal: "rewards",
  battle_prize: "rewards",
  rewards_digest: "rewards",
  support_reply: "support",
};

/**
 * The channels a kind travels on. Credits reach mail only through the daily digest (a mail per
 * affiliate reward would bury the member); the digest is mail-only, since LINE already has its
 * own message per marathon goal and battle prize.
 */
const CHANNELS_OF: Record<NotificationKind, readonly NotificationChannel[]> = {
  withdrawal_completed: ["line", "mail"],
  withdrawal_rejected: ["line", "mail"],
  transfer_completed: ["line", "mail"],
  transfer_failed: ["line", "mail"],
  transfer_received: ["line", "mail"],
  account_approved: ["line", "mail"],
  account_denied: ["line", "mail"],
  ea_account_approved: ["line", "mail"],
  ea_account_denied: ["line", "mail"],
  usdt_network_changed: ["line", "mail"],
  marathon_goal: ["line"],
  battle_prize: ["line"],
  rewards_digest: ["mail"],
  support_reply: ["line"],
};

export function wants(prefs: NotifyPrefs, channel: NotificationChannel, kind: NotificationKind) {
  if (!CHANNELS_OF[kind].includes(channel)) return false;
  const group = GROUP_OF[kind];
  if (channel === "line") return prefs.line[group];
  return group === "support" ? false : prefs.mail[group];
}

/** The channels to write outbox rows for, when `kind` happens to a member with `prefs`. */
export function channelsFor(prefs: NotifyPrefs, kind: NotificationKind): NotificationChannel[] {
  return CHANNELS_OF[kind].filter((channel) => wants(prefs, channel, kind));
}

const on = (v: number | null | undefined) => v === null || v === undefined || Number(v) === 1;

export async function readNotifyPrefs(db: Kysely<Database>, userId: string): Promise<NotifyPrefs> {
  const [mail, line] = await Promise.all([
    db
      .selectFrom("mail_notify_prefs")
      .select(["withdrawal", "transfer", "account", "rewards"])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("line_notify_prefs")
      .select(["withdrawal", "transfer", "account", "marathon", "support"])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
  ]);
  return {
    mail: {
      withdrawal: on(mail?.withdrawal),
      transfer: on(mail?.transfer),
      account: on(mail?.account),
      rewards: on(mail?.rewards),
    },
    line: {
      withdrawal: on(line?.withdrawal),
      transfer: on(line?.transfer),
      account: on(line?.account),
      rewards: on(line?.marathon),
      support: on(line?.support),
    },
  };
}

const bit = (v: boolean) => (v ? 1 : 0) as 0 | 1;

/** Update, else insert (a racing first save of the same member updates instead). */
async function upsert(
  db: Kysely<Database>,
  name: "mail_notify_prefs" | "line_notify_prefs",
  userId: string,
  values: Record<string, 0 | 1 | string>,
) {
  // Kysely cannot type a table chosen at run time; both tables are keyed by user_id.
  const k = db as unknown as Kysely<{ t: Record<string, unknown> }>;
  const table = name as "t";
  const updated = await k
    .updateTable(table)
    .set(values)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  try {
    await k
      .insertInto(table)
      .values({ user_id: userId, ...values })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await k.updateTable(table).set(values).where("user_id", "=", userId).execute();
  }
}

/**
 * Saves the money-event switches of both channels. LINE's support switch is left as it is
 * (it lives on the LINE page); `line` is skipped for a member without a LINE link, whose
 * form shows no LINE column.
 */
export async function saveNotifyPrefs(
  db: Kysely<Database>,
  userId: string,
  input: { mail: ChannelPrefs; line: ChannelPrefs | null },
): Promise<NotifyPrefs> {
  const now = nowDb();
  await upsert(db, "mail_notify_prefs", userId, {
    withdrawal: bit(input.mail.withdrawal),
    transfer: bit(input.mail.transfer),
    account: bit(input.mail.account),
    rewards: bit(input.mail.rewards),
    updated_at: now,
  });
  if (input.line) {
    await upsert(db, "line_notify_prefs", userId, {
      withdrawal: bit(input.line.withdrawal),
      transfer: bit(input.line.transfer),
      account: bit(input.line.account),
      marathon: bit(input.line.rewards),
      updated_at: now,
    });
  }
  return readNotifyPrefs(db, userId);
}
