import type { Db } from "#db";
import type { NotificationChannel, NotificationKind } from "#db/schema";
import { lineMessaging } from "#server/line/messaging";
import { NotificationDispatcher, type DispatcherOptions } from "#server/notify/dispatcher";
import { enqueueNotification, type NotificationPayloads } from "#server/notify/outbox";
import { createLogger } from "#server/logger";
import { silentLog } from "./fixtures";
import { linkLine } from "./line-link";
import type { LineStandin } from "./line-standin";

export { linkLine };

/** Writes an outbox row on its own (the web app does it inside an event's transaction). */
export async function enqueue<K extends NotificationKind>(
  db: Db,
  userId: string,
  kind: K,
  payload: NotificationPayloads[K],
  dedupeKey: string,
): Promise<void> {
  await db.kysely
    .transaction()
    .execute((trx) => enqueueNotification(trx, { userId, kind, payload, dedupeKey }));
}

/** A dispatcher that pushes to the stand-in, with test-sized timings. */
export function dispatcherFor(
  db: Db,
  standin: LineStandin | null,
  overrides: Partial<DispatcherOptions> = {},
): NotificationDispatcher {
  return new NotificationDispatcher({
    db,
    log: process.env.DEBUG_DISPATCHER ? createLogger({ level: "debug" }) : silentLog,
    messaging: standin
      ? lineMessaging({
          channelAccessToken: standin.options.channelAccessToken,
          apiBaseUrl: standin.url,
          timeoutMs: 2_000,
        })
      : null,
    appOrigin: "https://portal.example",
    batchSize: 20,
    concurrency: 4,
    leaseMs: 30_000,
    maxAttempts: 5,
    backoffBaseMs: 10,
    backoffMaxMs: 50,
    pollIntervalMs: 20,
    ...overrides,
  });
}

export async function notificationRows(db: Db, userId?: string, channel?: NotificationChannel) {
  return db.kysely
    .selectFrom("notifications")
    .selectAll()
    .$if(userId !== undefined, (q) => q.where("user_id", "=", userId!))
    .$if(channel !== undefined, (q) => q.where("channel", "=", channel!))
    .orderBy("id")
    .execute();
}

/** Waits until `check` holds, polling; fails with `what` after `ms`. */
export async function eventually(check: () => Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}
