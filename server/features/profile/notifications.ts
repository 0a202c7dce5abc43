import { z } from "zod";
import type { Db } from "#db";
import { type ChannelPrefs, readNotifyPrefs, saveNotifyPrefs } from "../../notify/preferences";

/**
 * The member's choice of money-event notifications per channel (/users/mypage). Mail is always
 * offered; LINE only to a member with a LINE link (the form shows no LINE column otherwise, and
 * a save without one leaves the LINE switches alone).
 */

const switches = z.object({
  withdrawal: z.boolean(),
  transfer: z.boolean(),
  account: z.boolean(),
  rewards: z.boolean(),
});

export const notificationPrefsInput = z.object({
  mail: switches,
  line: switches.nullable(),
});

export interface NotificationPrefsView {
  mail: ChannelPrefs;
  /** Null without a LINE link. */
  line: ChannelPrefs | null;
  /** Whether a member can link LINE here at all (the LINE Login channel is configured). */
  lineLinkable: boolean;
}

async function lineLinked(db: Db, userId: string): Promise<boolean> {
  const link = await db.kysely
    .selectFrom("line_links")
    .select("user_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return link !== undefined;
}

export async function notificationPrefs(
  db: Db,
  userId: string,
  lineLinkable: boolean,
): Promise<NotificationPrefsView> {
  const [prefs, linked] = await Promise.all([
    readNotifyPrefs(db.kysely, userId),
    lineLinked(db, userId),
  ]);
  const { support: _support, ...line } = prefs.line;
  return { mail: prefs.mail, line: linked ? line : null, lineLinkable };
}

export async function saveNotificationPrefs(
  db: Db,
  userId: string,
  input: z.output<typeof notificationPrefsInput>,
  lineLinkable: boolean,
): Promise<NotificationPrefsView> {
  const linked = await lineLinked(db, userId);
  await saveNotifyPrefs(db.kysely, userId, { mail: input.mail, line: linked ? input.line : null });
  return notificationPrefs(db, userId, lineLinkable);
}
