import type { Db } from "#db";
import { nowDb } from "#db/time";
import { newLineUserId } from "./line-standin-wire";

// Free of the server's LINE modules (they load locale JSON), so the e2e specs can use it too.

/** Links a member to a LINE user id directly, as a finished LINE Login would. */
export async function linkLine(
  db: Db,
  userId: string,
  options: { lineUserId?: string; following?: boolean | null; displayName?: string } = {},
): Promise<string> {
  const lineUserId = options.lineUserId ?? newLineUserId();
  const now = nowDb();
  await db.kysely
    .insertInto("line_links")
    .values({
      user_id: userId,
      line_user_id: lineUserId,
      display_name: options.displayName ?? "LINE User",
      linked_at: now,
      updated_at: now,
    })
    .execute();
  if (options.following !== undefined && options.following !== null) {
    await db.kysely
      .insertInto("line_friends")
      .values({
        line_user_id: lineUserId,
        following: options.following ? 1 : 0,
        event_ts: Date.now(),
        updated_at: now,
      })
      .execute();
  }
  return lineUserId;
}
