import { type Kysely, MysqlAdapter } from "kysely";
import type { Database } from "#db/schema";
import { addTokyoDays, tokyoDay, tokyoMidnight } from "../domain/tokyo";
import { channelKey, enqueueNotification } from "./outbox";
import { readNotifyPrefs } from "./preferences";

/**
 * The daily mail digest of prizes and rewards credited. A credit does not write a
 * mail of its own: it adds itself to the member's digest row for the current Tokyo day, an
 * ordinary mail outbox row (kind rewards_digest, dedupe key digest:<member>:<day>) that is due
 * when that day ends. The mail dispatcher claims it like any other row, so the digest goes out
 * at most once a day and exactly once, and a day without credits writes nothing.
 *
 * The addition happens inside the credit's own transaction, so a credit is in exactly one
 * digest iff it committed. Only a row nobody has claimed is changed; a credit that meets a
 * row already claimed (its day ended while the credit's transaction ran) goes to the next day.
 */

export const REWARD_KINDS = [
  "battle_prize",
  "marathon_reward",
  "gacha_win",
  "affiliate_reward",
  "present",
] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

export interface DigestPayload {
  /** The Tokyo day the credits fell on, "YYYY-MM-DD". */
  date: string;
  /** Per kind: how many credits and their sum in yen. */
  items: Partial<Record<RewardKind, { count: number; amount: number }>>;
  total: number;
}

/** When the digest of a Tokyo day is due: the next Tokyo midnight. */
export function digestDueAt(day: string): Date {
  return addTokyoDays(tokyoMidnight(day), 1);
}

export function emptyDigest(day: string): DigestPayload {
  return { date: day, items: {}, total: 0 };
}

/** The digest with one more credit. Pure; credits of zero or less are not news. */
export function addCredit(digest: DigestPayload, kind: RewardKind, amount: number): DigestPayload {
  if (!Number.isInteger(amount) || amount <= 0) return digest;
  const before = digest.items[kind] ?? { count: 0, amount: 0 };
  return {
    ...digest,
    items: { ...digest.items, [kind]: { count: before.count + 1, amount: before.amount + amount } },
    total: digest.total + amount,
  };
}

export const digestKey = (userId: string, day: string) => `digest:${userId}:${day}`;

/**
 * Adds a credit to the member's digest of today (Tokyo), inside the credit's transaction. Does
 * nothing when the member turned reward mail off. Call it only when the credit was really
 * posted (not a replay of an idempotent request).
 */
export async function addToDigest(
  trx: Kysely<Database>,
  input: { userId: string; kind: RewardKind; amount: number; now?: Date },
): Promise<void> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) return;
  if (!(await readNotifyPrefs(trx, input.userId)).mail.rewards) return;
  const mysql = trx.getExecutor().adapter instanceof MysqlAdapter;
  let day = tokyoDay(input.now ?? new Date());
  for (let tries = 0; tries < 3; tries++) {
    // Create the day's row if absent (a no-op when it exists), then lock and extend it.
    await enqueueNotification(trx, {
      userId: input.userId,
      kind: "rewards_digest",
      channel: "mail",
      payload: emptyDigest(day),
      dedupeKey: digestKey(input.userId, day),
      dueAt: digestDueAt(day),
    });
    const row = await trx
      .selectFrom("notifications")
      .select(["id", "payload", "status", "claim_token", "attempts"])
      .where("dedupe_key", "=", channelKey("mail", digestKey(input.userId, day)))
      .$if(mysql, (q) => q.forUpdate())
      .executeTakeFirstOrThrow();
    if (row.status === "pending" && row.claim_token === null && Number(row.attempts) === 0) {
      const payload = addCredit(JSON.parse(row.payload) as DigestPayload, input.kind, input.amount);
      await trx
        .updateTable("notifications")
        .set({ payload: JSON.stringify(payload) })
        .where("id", "=", row.id)
        .execute();
      return;
    }
    day = tokyoDay(digestDueAt(day));
  }
  throw new Error("notifications: no open digest row");
}
