import { randomBytes, randomUUID } from "node:crypto";
import type { Db } from "#db";
import { newId } from "#db/id";
import { nowDb } from "#db/time";

/**
 * Members with a linked LINE account who follow the channel, and `count` queued LINE
 * notifications spread over them (each with its own retry key), due at `dueAt`.
 */
export async function seedOutbox(
  db: Db,
  { count, members: memberCount, dueAt }: { count: number; members: number; dueAt: string },
): Promise<void> {
  const now = nowDb();
  const members = Array.from({ length: memberCount }, (_, i) => ({
    id: newId(),
    email: `m${i}@bench.test`,
    nickname: `m${i}`,
    lineUserId: `U${randomBytes(16).toString("hex")}`,
    language: i % 3 === 0 ? ("en" as const) : ("ja" as const),
  }));
  for (let i = 0; i < members.length; i += 500) {
    const chunk = members.slice(i, i + 500);
    await db.kysely
      .insertInto("users")
      .values(
        chunk.map((m) => ({
          id: m.id,
          email: m.email,
          email_verified_at: now,
          password_hash: "x",
          name: "Bench",
          nickname: m.nickname,
          permission: "member" as const,
          language: m.language,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db.kysely
      .insertInto("line_links")
      .values(
        chunk.map((m) => ({
          user_id: m.id,
          line_user_id: m.lineUserId,
          display_name: "Bench",
          linked_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db.kysely
      .insertInto("line_friends")
      .values(
        chunk.map((m) => ({
          line_user_id: m.lineUserId,
          following: 1 as const,
          event_ts: Date.now(),
          updated_at: now,
        })),
      )
      .execute();
  }
  for (let i = 0; i < count; i += 1000) {
    await db.kysely
      .insertInto("notifications")
      .values(
        Array.from({ length: Math.min(1000, count - i) }, (_, j) => {
          const n = i + j;
          return {
            id: newId(),
            user_id: members[n % memberCount]!.id,
            kind: "withdrawal_completed" as const,
            payload: JSON.stringify({ withdrawalId: `w${n}`, amount: 1_000 + n, method: "bank" }),
            dedupe_key: `bench:${n}`,
            retry_key: randomUUID(),
            status: "pending" as const,
            next_attempt_at: dueAt,
            created_at: now,
            updated_at: now,
          };
        }),
      )
      .execute();
  }
}
