import { z } from "zod";
import type { Db } from "#db";
import { isUniqueViolation } from "#db/dialect";
import type { Language } from "#db/schema";
import { nowDb, toDbTime } from "#db/time";
import type { LineMessaging } from "../../line/messaging";
import type { Logger } from "../../logger";
import { botReplyText } from "../../notify/messages";

/**
 * LINE webhook events, in two steps so LINE gets its answer at once: `storeEvents` records the
 * events of a delivery (a redelivered or repeated event, recognised by its webhookEventId, is
 * recorded once), then `processEvents` handles the recorded ones:
 * - follow / unfollow set whether the LINE user can be reached (the newest event wins, even
 *   when LINE delivers an older one late), in the same transaction that marks the event done;
 * - a text message gets one reply pointing to the portal's support chat. The event is marked
 *   done before the reply is sent: a reply token works once, so a reply is never repeated.
 */

const eventSchema = z.looseObject({
  type: z.string().min(1).max(32),
  webhookEventId: z.string().min(1).max(64),
  timestamp: z.number().int().nonnegative(),
  mode: z.string().optional(),
  source: z.looseObject({ type: z.string(), userId: z.string().max(64).optional() }).optional(),
  replyToken: z.string().optional(),
  deliveryContext: z.looseObject({ isRedelivery: z.boolean() }).optional(),
  message: z.looseObject({ type: z.string(), text: z.string().optional() }).optional(),
});
type LineEvent = z.infer<typeof eventSchema>;

export const webhookBody = z.looseObject({
  destination: z.string().optional(),
  events: z.array(z.unknown()),
});

export interface StoreResult {
  stored: number;
  duplicates: number;
  invalid: number;
}

/** Records the events of one webhook delivery; repeats of an event id are left out. */
export async function storeEvents(db: Db, events: unknown[]): Promise<StoreResult> {
  const result: StoreResult = { stored: 0, duplicates: 0, invalid: 0 };
  const valid: LineEvent[] = [];
  for (const raw of events) {
    const parsed = eventSchema.safeParse(raw);
    if (parsed.success) valid.push(parsed.data);
    else result.invalid++;
  }
  if (valid.length === 0) return result;
  const known = new Set(
    (
      await db.kysely
        .selectFrom("line_webhook_events")
        .select("webhook_event_id")
        .where(
          "webhook_event_id",
          "in",
          valid.map((e) => e.webhookEventId),
        )
        .execute()
    ).map((r) => r.webhook_event_id),
  );
  const now = nowDb();
  for (const event of valid) {
    if (known.has(event.webhookEventId)) {
      result.duplicates++;
      continue;
    }
    known.add(event.webhookEventId);
    try {
      await db.kysely
        .insertInto("line_webhook_events")
        .values({
          webhook_event_id: event.webhookEventId,
          type: event.type,
          line_user_id: event.source?.type === "user" ? (event.source.userId ?? null) : null,
          event_ts: event.timestamp,
          redelivery: event.deliveryContext?.isRedelivery ? 1 : 0,
          payload: JSON.stringify(event),
          status: "received",
          received_at: now,
        })
        .execute();
      result.stored++;
    } catch (error) {
      // The same event arriving in two deliveries at once: the other one recorded it.
      if (!isUniqueViolation(error)) throw error;
      result.duplicates++;
    }
  }
  return result;
}

export interface EventDeps {
  db: Db;
  log: Logger;
  /** Null in log-only mode: replies and profile look-ups are skipped. */
  messaging: LineMessaging | null;
  appOrigin: string;
}

/** Marks an event handled if nobody else has; false when another processor took it. */
async function claimEvent(
  db: Pick<Db["kysely"], "updateTable">,
  id: string,
  status: "done" | "ignored",
): Promise<boolean> {
  const updated = await db
    .updateTable("line_webhook_events")
    .set({ status, processed_at: nowDb() })
    .where("webhook_event_id", "=", id)
    .where("status", "=", "received")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

async function setFollowing(
  trx: Db["kysely"],
  lineUserId: string,
  following: boolean,
  eventTs: number,
): Promise<void> {
  const values = { following: following ? 1 : 0, event_ts: eventTs, updated_at: nowDb() } as const;
  const newer = () =>
    trx
      .updateTable("line_friends")
      .set(values)
      .where("line_user_id", "=", lineUserId)
      .where("event_ts", "<", eventTs)
      .execute();
  const exists = await trx
    .selectFrom("line_friends")
    .select("line_user_id")
    .where("line_user_id", "=", lineUserId)
    .executeTakeFirst();
  if (exists) {
    await newer();
    return;
  }
  try {
    await trx
      .insertInto("line_friends")
      .values({ line_user_id: lineUserId, ...values })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await newer();
  }
}

async function memberLanguage(db: Db, lineUserId: string): Promise<Language> {
  const row = await db.kysely
    .selectFrom("line_links")
    .innerJoin("users", "users.id", "line_links.user_id")
    .select("users.language")
    .where("line_links.line_user_id", "=", lineUserId)
    .executeTakeFirst();
  return row?.language === "en" ? "en" : "ja";
}

async function handle(deps: EventDeps, id: string, event: LineEvent): Promise<void> {
  const { db, log, messaging } = deps;
  const userId = event.source?.type === "user" ? event.source.userId : undefined;
  // In standby mode another channel is answering this chat; only follow state is ours.
  const standby = event.mode === "standby";

  if ((event.type === "follow" || event.type === "unfollow") && userId) {
    const handled = await db.kysely.transaction().execute(async (trx) => {
      if (!(await claimEvent(trx, id, "done"))) return false;
      await setFollowing(trx, userId, event.type === "follow", event.timestamp);
      return true;
    });
    if (handled && event.type === "follow" && messaging) {
      // Keep the display name the portal shows up to date (LINE users can change it).
      const name = await messaging.displayName(userId);
      if (name) {
        await db.kysely
          .updateTable("line_links")
          .set({ display_name: name, updated_at: nowDb() })
          .where("line_user_id", "=", userId)
          .execute();
      }
    }
    if (handled) log.info({ event: id, type: event.type }, "LINE friendship changed");
    return;
  }

  if (
    event.type === "message" &&
    event.message?.type === "text" &&
    event.replyToken &&
    userId &&
    !standby
  ) {
    if (!(await claimEvent(db.kysely, id, "done"))) return;
    if (!messaging) {
      log.info({ event: id }, "log-only mode: no reply to a LINE message");
      return;
    }
    const language = await memberLanguage(db, userId);
    try {
      await messaging.reply(event.replyToken, [
        { type: "text", text: botReplyText(language, deps.appOrigin) },
      ]);
    } catch (err) {
      log.warn({ err, event: id }, "replying to a LINE message failed");
      await db.kysely
        .updateTable("line_webhook_events")
        .set({ status: "failed", error: String((err as Error).message ?? err).slice(0, 500) })
        .where("webhook_event_id", "=", id)
        .execute();
    }
    return;
  }

  await claimEvent(db.kysely, id, "ignored");
}

/** Handles recorded events, oldest first; returns how many it looked at. */
export async function processEvents(deps: EventDeps, limit = 100): Promise<number> {
  const rows = await deps.db.kysely
    .selectFrom("line_webhook_events")
    .select(["webhook_event_id", "payload"])
    .where("status", "=", "received")
    .orderBy("received_at")
    .orderBy("event_ts")
    .limit(limit)
    .execute();
  for (const row of rows) {
    const parsed = eventSchema.safeParse(JSON.parse(row.payload));
    try {
      if (parsed.success) await handle(deps, row.webhook_event_id, parsed.data);
      else await claimEvent(deps.db.kysely, row.webhook_event_id, "ignored");
    } catch (err) {
      deps.log.error({ err, event: row.webhook_event_id }, "handling a LINE event failed");
    }
  }
  return rows.length;
}

/** Handled events are kept this long: a redelivery inside it is still recognised. */
export const WEBHOOK_EVENT_RETENTION_DAYS = 30;

/**
 * Deletes handled events received before `before` (a Date), a thousand at a time, so the
 * table holds weeks, not years. Events still waiting ("received") are never deleted.
 * Returns how many were deleted.
 */
export async function pruneEvents(db: Db, before: Date): Promise<number> {
  const cutoff = toDbTime(before);
  let deleted = 0;
  for (const status of ["done", "ignored", "failed"] as const) {
    for (;;) {
      const ids = await db.kysely
        .selectFrom("line_webhook_events")
        .select("webhook_event_id")
        .where("status", "=", status)
        .where("received_at", "<", cutoff)
        .limit(1000)
        .execute();
      if (ids.length === 0) break;
      const result = await db.kysely
        .deleteFrom("line_webhook_events")
        .where(
          "webhook_event_id",
          "in",
          ids.map((r) => r.webhook_event_id),
        )
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
  }
  return deleted;
}
