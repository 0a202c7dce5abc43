import { type Kysely, sql } from "kysely";
import type { Db } from "#db";
import { forUpdate, isUniqueViolation } from "#db/dialect";
import { newId } from "#db/id";
import type { ChatRole, Database } from "#db/schema";
import { nowDb } from "#db/time";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { excerptOf } from "../../notify/messages";
import { notify } from "../../notify/outbox";
import { newStorageKey, type Storage } from "../../storage";
import { readStoredImage } from "../../storage/uploads";
import { acceptImage, ImageRejected } from "../../storage/images";
import type { SendInput } from "./schema";

/**
 * Support chat: one thread per member, answered by any admin. Read state is one marker per
 * side (the newest message id that side has seen); ids are time-ordered, so a
 * side's unread messages are the other side's messages with a larger id.
 */

export interface ChatDeps {
  db: Db;
  storage: Storage;
  log: Logger;
}

/** Per side of a thread: at most 10 messages a minute and 100 a day. */
export const CHAT_RATE_LIMITS = [
  { windowMs: 60 * 1000, max: 10 },
  { windowMs: 24 * 60 * 60 * 1000, max: 100 },
] as const;

export const PAGE_SIZE = 50;
/** The most a poll returns; a client further behind polls again at once. */
const POLL_LIMIT = 100;

export interface ChatMessage {
  id: string;
  role: ChatRole;
  body: string;
  hasImage: boolean;
  createdAt: string;
}

export interface ThreadPage {
  messages: ChatMessage[];
  /** Older messages exist before the first one. */
  hasOlder: boolean;
  /** The other side has read every message up to and including this id. */
  otherReadUpto: string | null;
  /** The newest message this side has seen. */
  ownReadUpto: string | null;
}

const other = (role: ChatRole): ChatRole => (role === "member" ? "admin" : "member");
const markerOf = (role: ChatRole) =>
  role === "member" ? ("member_read_upto" as const) : ("admin_read_upto" as const);
const markerSet = (role: ChatRole, id: string) =>
  role === "member" ? { member_read_upto: id } : { admin_read_upto: id };

/**
 * The smallest id a message created at `time` or later can have: ids begin with ten
 * characters of their creation time, and "0" is the smallest character of the alphabet.
 */
export function idFloor(time: number): string {
  return newId(time).slice(0, 10) + "0".repeat(16);
}

function toMessage(row: {
  id: string;
  sender_role: ChatRole;
  body: string;
  image_key: string | null;
  created_at: string;
}): ChatMessage {
  return {
    id: row.id,
    role: row.sender_role,
    body: row.body,
    hasImage: row.image_key !== null,
    createdAt: row.created_at,
  };
}

const MESSAGE_COLUMNS = ["id", "sender_role", "body", "image_key", "created_at"] as const;

async function findThread(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("chat_threads")
    .select(["id", "member_read_upto", "admin_read_upto"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** The member's thread, created on first use (a concurrent creation is tolerated). */
async function ensureThread(db: Db, userId: string): Promise<string> {
  const existing = await findThread(db.kysely, userId);
  if (existing) return existing.id;
  const now = nowDb();
  try {
    const id = newId();
    await db.kysely
      .insertInto("chat_threads")
      .values({ id, user_id: userId, created_at: now, updated_at: now })
      .execute();
    return id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const row = await findThread(db.kysely, userId);
    if (!row) throw error;
    return row.id;
  }
}

/** A page of the thread, oldest first: the newest PAGE_SIZE messages, or those before `before`. */
export async function threadPage(
  db: Db,
  userId: string,
  side: ChatRole,
  before?: string,
): Promise<ThreadPage> {
  const thread = await findThread(db.kysely, userId);
  if (!thread) return { messages: [], hasOlder: false, otherReadUpto: null, ownReadUpto: null };
  const rows = await db.kysely
    .selectFrom("chat_messages")
    .select([...MESSAGE_COLUMNS])
    .where("thread_id", "=", thread.id)
    .$if(before !== undefined, (q) => q.where("id", "<", before!))
    .orderBy("id", "desc")
    .limit(PAGE_SIZE + 1)
    .execute();
  const hasOlder = rows.length > PAGE_SIZE;
  return {
    messages: rows.slice(0, PAGE_SIZE).reverse().map(toMessage),
    hasOlder,
    otherReadUpto: thread[markerOf(other(side))],
    ownReadUpto: thread[markerOf(side)],
  };
}

/** Messages newer than `after` (all of them up to the poll limit), and the other side's marker. */
export async function poll(db: Db, userId: string, side: ChatRole, after: string | null) {
  const thread = await findThread(db.kysely, userId);
  if (!thread) return { messages: [] as ChatMessage[], otherReadUpto: null, more: false };
  const rows = await db.kysely
    .selectFrom("chat_messages")
    .select([...MESSAGE_COLUMNS])
    .where("thread_id", "=", thread.id)
    .$if(after !== null, (q) => q.where("id", ">", after!))
    .orderBy("id", after === null ? "desc" : "asc")
    .limit(POLL_LIMIT + 1)
    .execute();
  const more = rows.length > POLL_LIMIT;
  const page = rows.slice(0, POLL_LIMIT);
  if (after === null) page.reverse();
  return { messages: page.map(toMessage), otherReadUpto: thread[markerOf(other(side))], more };
}

/**
 * This side has seen the thread up to `upto` (a message of the thread). The marker only moves
 * forward, so a late request from an old tab cannot mark newer messages unread again.
 */
export async function markRead(db: Db, userId: string, side: ChatRole, upto: string) {
  const thread = await findThread(db.kysely, userId);
  if (!thread) throw new AppError("NOT_FOUND", "notFound");
  const message = await db.kysely
    .selectFrom("chat_messages")
    .select("id")
    .where("thread_id", "=", thread.id)
    .where("id", "=", upto)
    .executeTakeFirst();
  if (!message) throw new AppError("NOT_FOUND", "notFound");
  const column = markerOf(side);
  await db.kysely
    .updateTable("chat_threads")
    .set(markerSet(side, upto))
    .where("id", "=", thread.id)
    .where((eb) => eb.or([eb(column, "is", null), eb(column, "<", upto)]))
    .execute();
  return { ok: true };
}

/** Messages of the other side this side has not seen, in the member's one thread. */
export async function unreadFor(db: Db, userId: string, side: ChatRole): Promise<number> {
  const thread = await findThread(db.kysely, userId);
  if (!thread) return 0;
  const marker = thread[markerOf(side)];
  const row = await db.kysely
    .selectFrom("chat_messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("thread_id", "=", thread.id)
    .where("sender_role", "=", other(side))
    .$if(marker !== null, (q) => q.where("id", ">", marker!))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function storeImage(deps: ChatDeps, upload: Uint8Array | undefined): Promise<string | null> {
  if (!upload || upload.length === 0) return null;
  let image;
  try {
    image = acceptImage(upload);
  } catch (error) {
    if (error instanceof ImageRejected) throw new AppError("BAD_REQUEST", error.problem);
    throw error;
  }
  const key = newStorageKey("chat", image.type);
  await deps.storage.put(key, image.bytes);
  return key;
}

/**
 * Adds a message to the member's thread from `side`. The thread row is locked while the
 * recent messages are counted and the new one written, so the rate limit holds under
 * concurrent sends. A reply from support is announced on LINE: its outbox row is written in
 * the same transaction.
 */
export async function send(
  deps: ChatDeps,
  memberId: string,
  side: ChatRole,
  senderId: string,
  input: SendInput,
): Promise<ChatMessage> {
  const { db } = deps;
  const threadId = await ensureThread(db, memberId);
  const imageKey = await storeImage(deps, input.image);
  const id = newId();
  const now = Date.now();
  const createdAt = nowDb();
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await forUpdate(
        db,
        trx.selectFrom("chat_threads").select("id").where("id", "=", threadId),
      ).executeTakeFirstOrThrow();
      for (const limit of CHAT_RATE_LIMITS) {
        const recent = await trx
          .selectFrom("chat_messages")
          .select(["id"])
          .where("thread_id", "=", threadId)
          .where("sender_role", "=", side)
          .where("id", ">=", idFloor(now - limit.windowMs))
          .orderBy("id", "asc")
          .limit(limit.max)
          .execute();
        if (recent.length >= limit.max) {
          // The oldest counted message leaves the window first.
          const oldest = idTime(recent[0]!.id);
          const seconds = Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000));
          throw new AppError("TOO_MANY_REQUESTS", "chatRateLimited", {
            minutes: Math.ceil(seconds / 60),
          });
        }
      }
      await trx
        .insertInto("chat_messages")
        .values({
          id,
          thread_id: threadId,
          sender_role: side,
          sender_id: senderId,
          body: input.body,
          image_key: imageKey,
          created_at: createdAt,
        })
        .execute();
      // The sender has seen everything up to their own message.
      await trx
        .updateTable("chat_threads")
        .set({ last_message_at: createdAt, updated_at: createdAt, ...markerSet(side, id) })
        .where("id", "=", threadId)
        .execute();
      if (side === "admin") {
        await notify(trx, {
          userId: memberId,
          kind: "support_reply",
          payload: { messageId: id, excerpt: excerptOf(input.body) },
          dedupeKey: `chat:${id}`,
        });
      }
    });
  } catch (error) {
    if (imageKey) await deps.storage.remove(imageKey).catch(() => undefined);
    throw error;
  }
  return { id, role: side, body: input.body, hasImage: imageKey !== null, createdAt };
}

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** The creation time (ms) an id begins with. */
function idTime(id: string): number {
  let t = 0;
  for (const c of id.slice(0, 10)) t = t * 32 + ALPHABET.indexOf(c);
  return t;
}

/** An attached image, for someone allowed to read the member's thread. */
export async function messageImage(
  deps: ChatDeps,
  memberId: string,
  messageId: string,
): Promise<{ contentType: string; bytes: Uint8Array } | null> {
  const row = await deps.db.kysely
    .selectFrom("chat_messages")
    .innerJoin("chat_threads", "chat_threads.id", "chat_messages.thread_id")
    .select("chat_messages.image_key")
    .where("chat_messages.id", "=", messageId)
    .where("chat_threads.user_id", "=", memberId)
    .executeTakeFirst();
  return readStoredImage(deps.storage, row?.image_key, "chat");
}

// ----------------------------------------------------------------------------- admin side

/**
 * Every member's unread messages for support: the number the admin menu shows, the threads
 * they are in and when the oldest of them was sent (the admin home's work queue).
 */
export async function adminUnreadTotal(
  db: Db,
): Promise<{ messages: number; threads: number; oldest: string | null }> {
  const row = await db.kysely
    .selectFrom("chat_messages as m")
    .innerJoin("chat_threads as t", "t.id", "m.thread_id")
    .select((eb) => [
      eb.fn.countAll<number>().as("messages"),
      eb.fn.count<number>("m.thread_id").distinct().as("threads"),
      eb.fn.min<string>("m.created_at").as("oldest"),
    ])
    .where("m.sender_role", "=", "member")
    .where((eb) =>
      eb.or([eb("t.admin_read_upto", "is", null), eb("m.id", ">", eb.ref("t.admin_read_upto"))]),
    )
    .executeTakeFirst();
  return {
    messages: Number(row?.messages ?? 0),
    threads: Number(row?.threads ?? 0),
    oldest: row?.oldest ?? null,
  };
}

export const THREADS_PAGE_SIZE = 25;

/** Threads for the admin inbox, the most recent conversation first, with unread counts. */
export async function adminThreads(db: Db, input: { page: number; unreadOnly: boolean }) {
  const unread = sql<number>`(select count(*) from chat_messages m where m.thread_id = t.id and m.sender_role = 'member' and (t.admin_read_upto is null or m.id > t.admin_read_upto))`;
  let query = db.kysely
    .selectFrom("chat_threads as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .where("t.last_message_at", "is not", null);
  if (input.unreadOnly) query = query.where(unread, ">", 0);
  const total = await query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  const rows = await query
    .select([
      "t.user_id",
      "u.nickname",
      "u.email",
      "t.last_message_at",
      unread.as("unread"),
      sql<
        string | null
      >`(select m.body from chat_messages m where m.thread_id = t.id order by m.id desc limit 1)`.as(
        "last_body",
      ),
    ])
    .orderBy("t.last_message_at", "desc")
    .orderBy("t.id", "desc")
    .limit(THREADS_PAGE_SIZE)
    .offset((input.page - 1) * THREADS_PAGE_SIZE)
    .execute();
  return {
    total: Number(total?.n ?? 0),
    page: input.page,
    pageSize: THREADS_PAGE_SIZE,
    rows: rows.map((r) => ({
      memberId: r.user_id,
      nickname: r.nickname,
      email: r.email,
      lastMessageAt: r.last_message_at,
      unread: Number(r.unread),
      lastMessage: r.last_body === null ? null : excerptOf(r.last_body, 80),
    })),
  };
}

/** The member a thread belongs to, for the admin chat page's heading. */
export async function chatMember(db: Db, memberId: string) {
  const row = await db.kysely
    .selectFrom("users")
    .select(["id", "nickname", "email", "permission"])
    .where("id", "=", memberId)
    .executeTakeFirst();
  if (!row || row.permission !== "member") throw new AppError("NOT_FOUND", "notFound");
  return { id: row.id, nickname: row.nickname, email: row.email };
}
