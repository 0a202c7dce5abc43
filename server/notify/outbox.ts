import { randomBytes, randomUUID } from "node:crypto";
import { type Kysely, MysqlAdapter, sql, type Updateable } from "kysely";
import type { Db } from "#db";
import { forUpdate } from "#db/dialect";
import { newId } from "#db/id";
import type {
  Database,
  NotificationChannel,
  NotificationKind,
  NotificationStatus,
  UsdtNetwork,
} from "#db/schema";
import { addMs, fromDbTime, nowDb, toDbTime } from "#db/time";
import type { DigestPayload } from "./digest";
import { channelsFor, readNotifyPrefs } from "./preferences";

/**
 * The notification outbox. The web app writes a row in the same transaction as the event it
 * announces (a withdrawal completed, a support reply), so a notification exists exactly when
 * its event committed; the bot worker claims rows and delivers them to LINE.
 *
 * Delivery is exactly-once from LINE's side even across crashes: every row carries a retry key
 * created here and sent as X-Line-Retry-Key on every attempt, and LINE accepts a key once (a
 * repeat gets 409, which counts as sent). A claim is a lease (next_attempt_at moves to the lease
 * end), so a worker that dies mid-send leaves the row to be claimed again once the lease ends.
 *
 * Each row has a channel (line or mail): one event writes a row per channel the
 * member wants, and each channel's dispatcher claims only its own rows.
 */

export interface NotificationPayloads {
  withdrawal_completed: { withdrawalId: string; amount: number; method: string };
  withdrawal_rejected: { withdrawalId: string; amount: number; method: string; reason: string };
  transfer_completed: { transferId: string; amount: number; to: string };
  transfer_failed: { transferId: string; amount: number; reason: string };
  transfer_received: { transferId: string; amount: number; from: string };
  marathon_goal: {
    marathonNumber: number;
    reward: number | null;
    text: string | null;
    /** The English text, when the admin wrote one (older rows have none). */
    textEn?: string | null;
  };
  battle_prize: { battleId: string; title: string; rank: number; amount: number };
  support_reply: { messageId: string; excerpt: string };
  account_approved: { accountId: string; broker: string; accountNumber: string };
  account_denied: { accountId: string; broker: string; accountNumber: string; reason: string };
  ea_account_approved: { requestId: string; broker: string; accountNumber: string };
  ea_account_denied: { requestId: string; broker: string; accountNumber: string; reason: string };
  usdt_network_changed: { from: UsdtNetwork; to: UsdtNetwork };
  rewards_digest: DigestPayload;
}

export interface EnqueueInput<K extends NotificationKind = NotificationKind> {
  userId: string;
  kind: K;
  payload: NotificationPayloads[K];
  /** One notification per key, however often the event's code runs ("withdrawal:<id>:completed"). */
  dedupeKey: string;
  /** Default "line" (the rows written before mail existed). */
  channel?: NotificationChannel;
  /** When the row becomes due; default now (a digest is due when its Tokyo day ends). */
  dueAt?: Date;
}

/** The stored dedupe key: LINE rows keep the event's key, other channels prefix theirs. */
export function channelKey(channel: NotificationChannel, dedupeKey: string): string {
  return channel === "line" ? dedupeKey : `${channel}:${dedupeKey}`;
}

/**
 * Announces an event: one outbox row per channel the member wants it on (their preferences as
 * the event commits; the dispatcher checks them again when it sends). Call it inside the
 * event's transaction.
 */
export async function notify<K extends NotificationKind>(
  trx: Kysely<Database>,
  input: Omit<EnqueueInput<K>, "channel">,
): Promise<NotificationChannel[]> {
  // A closed account is told nothing more, on any channel.
  const member = await trx
    .selectFrom("users")
    .select("closed_at")
    .where("id", "=", input.userId)
    .executeTakeFirst();
  if (member?.closed_at != null) return [];
  const channels = channelsFor(await readNotifyPrefs(trx, input.userId), input.kind);
  for (const channel of channels) await enqueueNotification(trx, { ...input, channel });
  return channels;
}

/**
 * Writes a notification inside the caller's transaction. A second call with the same dedupe
 * key is a no-op (only a duplicate key is tolerated: on MySQL this is ON DUPLICATE KEY UPDATE,
 * not INSERT IGNORE, which would also swallow a foreign-key error).
 */
export async function enqueueNotification<K extends NotificationKind>(
  trx: Kysely<Database>,
  input: EnqueueInput<K>,
): Promise<void> {
  const channel = input.channel ?? "line";
  const dedupeKey = channelKey(channel, input.dedupeKey);
  if (!input.dedupeKey || dedupeKey.length > 128) {
    throw new Error("notifications: the dedupe key must be 1-128 characters");
  }
  const now = nowDb();
  const insert = trx.insertInto("notifications").values({
    id: newId(),
    user_id: input.userId,
    channel,
    kind: input.kind,
    payload: JSON.stringify(input.payload),
    dedupe_key: dedupeKey,
    retry_key: randomUUID(),
    status: "pending",
    next_attempt_at: input.dueAt ? toDbTime(input.dueAt) : now,
    created_at: now,
    updated_at: now,
  });
  const mysql = trx.getExecutor().adapter instanceof MysqlAdapter;
  await (
    mysql
      ? insert.onDuplicateKeyUpdate({ dedupe_key: sql`dedupe_key` })
      : insert.onConflict((oc) => oc.column("dedupe_key").doNothing())
  ).execute();
}

export interface ClaimedNotification {
  id: string;
  userId: string;
  kind: NotificationKind;
  payload: Record<string, unknown>;
  retryKey: string;
  /** Attempts including this one. */
  attempts: number;
  claimToken: string;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/**
 * Claims up to `limit` due rows for `leaseMs`. On MySQL the candidates are read with
 * SELECT … FOR UPDATE SKIP LOCKED, so concurrent workers take disjoint rows without waiting
 * for each other; the UPDATE then moves each row's due time to the lease end and stamps a
 * claim token, in the same transaction. SQLite has one writer at a time; a claim that loses
 * the race to another process's write is simply tried again.
 */
export async function claimDue(
  db: Db,
  options: { limit: number; leaseMs: number; channel?: NotificationChannel },
): Promise<ClaimedNotification[]> {
  const token = randomBytes(12).toString("hex");
  for (let attempt = 1; ; attempt++) {
    const now = new Date();
    const nowText = toDbTime(now);
    try {
      return await db.kysely.transaction().execute(async (trx) => {
        const candidates = await forUpdate(
          db,
          trx
            .selectFrom("notifications")
            .select("id")
            .where("channel", "=", options.channel ?? "line")
            .where("status", "=", "pending")
            .where("next_attempt_at", "<=", nowText)
            .orderBy("next_attempt_at")
            .orderBy("id")
            .limit(options.limit),
          { skipLocked: true },
        ).execute();
        if (candidates.length === 0) return [];
        const ids = candidates.map((c) => c.id);
        await trx
          .updateTable("notifications")
          .set({
            claim_token: token,
            next_attempt_at: toDbTime(addMs(now, options.leaseMs)),
            attempts: sql`attempts + 1`,
            updated_at: nowText,
          })
          .where("id", "in", ids)
          .where("status", "=", "pending")
          .where("next_attempt_at", "<=", nowText)
          .execute();
        const rows = await trx
          .selectFrom("notifications")
          .select(["id", "user_id", "kind", "payload", "retry_key", "attempts"])
          .where("id", "in", ids)
          .where("claim_token", "=", token)
          .where("status", "=", "pending")
          .orderBy("id")
          .execute();
        return rows.map((r) => ({
          id: r.id,
          userId: r.user_id,
          kind: r.kind,
          payload: JSON.parse(r.payload) as Record<string, unknown>,
          retryKey: r.retry_key,
          attempts: Number(r.attempts),
          claimToken: token,
        }));
      });
    } catch (error) {
      if (attempt >= 10 || !isBusy(error)) throw error;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
    }
  }
}

/**
 * Ends a claimed row (`db` may be a transaction): sent, failed or skipped, with the reason.
 * Only the claim's holder can:
 * a worker whose lease ran out (and whose row another worker claimed) changes nothing.
 * Returns whether the row was changed.
 */
export async function finishClaim(
  db: Kysely<Database>,
  claim: Pick<ClaimedNotification, "id" | "claimToken">,
  result: {
    status: Exclude<NotificationStatus, "pending">;
    reason?: string | null;
    requestId?: string | null;
  },
): Promise<boolean> {
  const now = nowDb();
  return updateWhileClaimed(db, claim, {
    status: result.status,
    last_error: result.reason ? result.reason.slice(0, 500) : null,
    line_request_id: result.requestId ?? null,
    sent_at: result.status === "sent" ? now : null,
    claim_token: null,
    updated_at: now,
  });
}

/**
 * Updates a row only while `claim` still holds it (a worker whose lease ran out changes
 * nothing); whether it did.
 */
async function updateWhileClaimed(
  db: Kysely<Database>,
  claim: Pick<ClaimedNotification, "id" | "claimToken">,
  values: Updateable<Database["notifications"]>,
): Promise<boolean> {
  const updated = await db
    .updateTable("notifications")
    .set(values)
    .where("id", "=", claim.id)
    .where("claim_token", "=", claim.claimToken)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Marks many claimed rows sent with three statements instead of one per row (a worker records
 * a whole batch at once). Rows whose claim another worker took over are left alone. Writes
 * first, then reads, so a SQLite transaction takes the write lock before its snapshot.
 * Returns the ids it marked.
 */
export async function finishSent(
  db: Kysely<Database>,
  rows: { id: string; claimToken: string; requestId: string | null; reason: string | null }[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const marker = `r:${randomBytes(12).toString("hex")}`;
  const now = nowDb();
  const caseOf = (value: (r: (typeof rows)[number]) => string | null) =>
    sql<string | null>`case id ${sql.join(
      rows.map((r) => sql`when ${r.id} then ${value(r)}`),
      sql` `,
    )} end`;
  for (const token of new Set(rows.map((r) => r.claimToken))) {
    const mine = rows.filter((r) => r.claimToken === token).map((r) => r.id);
    await db
      .updateTable("notifications")
      .set({
        status: "sent",
        sent_at: now,
        updated_at: now,
        claim_token: marker,
        line_request_id: caseOf((r) => r.requestId),
        last_error: caseOf((r) => (r.reason ? r.reason.slice(0, 500) : null)),
      })
      .where("id", "in", mine)
      .where("claim_token", "=", token)
      .where("status", "=", "pending")
      .execute();
  }
  // Always through the primary key: a scan by claim token would lock other workers' rows.
  const ids = rows.map((r) => r.id);
  const kept = await db
    .selectFrom("notifications")
    .select("id")
    .where("id", "in", ids)
    .where("claim_token", "=", marker)
    .execute();
  await db
    .updateTable("notifications")
    .set({ claim_token: null })
    .where("id", "in", ids)
    .where("claim_token", "=", marker)
    .execute();
  return new Set(kept.map((r) => r.id));
}

/** Gives a claimed row back to be tried again at `at`, keeping the reason it failed now. */
export async function rescheduleClaim(
  db: Kysely<Database>,
  claim: Pick<ClaimedNotification, "id" | "claimToken">,
  at: Date,
  reason: string,
): Promise<boolean> {
  return updateWhileClaimed(db, claim, {
    next_attempt_at: toDbTime(at),
    last_error: reason.slice(0, 500),
    claim_token: null,
    updated_at: nowDb(),
  });
}

/** Counts by status, for the worker's logs, the benchmark and tests. */
export async function outboxCounts(
  db: Db,
  channel?: NotificationChannel,
): Promise<Record<NotificationStatus, number>> {
  let query = db.kysely
    .selectFrom("notifications")
    .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
    .groupBy("status");
  if (channel) query = query.where("channel", "=", channel);
  const rows = await query.execute();
  const counts: Record<NotificationStatus, number> = { pending: 0, sent: 0, failed: 0, skipped: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

export interface Backlog {
  channel: NotificationChannel;
  /** Every pending row, due or not (a digest waits for its Tokyo day's end). */
  pending: number;
  /** When the oldest pending row was written; null when none is pending. */
  oldest: Date | null;
  /** Pending rows whose due time has come: a worker should be sending them now. */
  due: number;
  /**
   * The earliest due time among the due rows: how long the most overdue row has waited for a
   * worker (a retry's backoff moves it on); null when none is due.
   */
  oldestDue: Date | null;
}

/** The pending notifications per channel: all of them, and those already due. */
export async function outboxBacklog(db: Db, now: Date = new Date()): Promise<Backlog[]> {
  const nowText = toDbTime(now);
  const rows = await db.kysely
    .selectFrom("notifications")
    .select((eb) => [
      "channel",
      eb.fn.countAll<number>().as("n"),
      eb.fn.min("created_at").as("oldest"),
      eb.fn
        .sum<number>(eb.case().when("next_attempt_at", "<=", nowText).then(1).else(0).end())
        .as("due"),
      eb.fn
        .min(eb.case().when("next_attempt_at", "<=", nowText).then(eb.ref("next_attempt_at")).end())
        .as("oldest_due"),
    ])
    .where("status", "=", "pending")
    .groupBy("channel")
    .execute();
  return (["line", "mail"] as const).map((channel) => {
    const row = rows.find((r) => r.channel === channel);
    return {
      channel,
      pending: Number(row?.n ?? 0),
      oldest: row?.oldest ? fromDbTime(row.oldest) : null,
      due: Number(row?.due ?? 0),
      oldestDue: row?.oldest_due ? fromDbTime(row.oldest_due as string) : null,
    };
  });
}
