import type { Db } from "#db";
import { MailDispatcher, type MailDispatcherOptions } from "#server/notify/mail-dispatcher";
import { type MailBox, silentLog } from "./fixtures";

/** A mail dispatcher with test-sized timings, mailing into `mailbox` (the test mailer). */
export function mailDispatcherFor(
  db: Db,
  mailbox: MailBox,
  overrides: Partial<MailDispatcherOptions> = {},
): MailDispatcher {
  return new MailDispatcher({
    db,
    log: silentLog,
    mailer: mailbox,
    appOrigin: "https://portal.example",
    batchSize: 20,
    leaseMs: 30_000,
    maxAttempts: 3,
    backoffBaseMs: 1,
    backoffMaxMs: 1,
    pollIntervalMs: 20,
    ...overrides,
  });
}

/** Runs the dispatcher until a claim finds nothing due. */
export async function drain(dispatcher: MailDispatcher): Promise<void> {
  while ((await dispatcher.runOnce()) > 0) {
    // keep going
  }
}

/** The outbox rows of a member, as [channel, kind] pairs in a stable order. */
export async function outboxOf(db: Db, userId: string) {
  const rows = await db.kysely
    .selectFrom("notifications")
    .select(["channel", "kind"])
    .where("user_id", "=", userId)
    .execute();
  return rows.map((r) => `${r.channel}:${r.kind}`).sort();
}
