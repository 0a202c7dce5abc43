import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import { CHAT_RATE_LIMITS, idFloor, PAGE_SIZE } from "#server/features/chat/service";
import { testEngine, rowWhere } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser, memberWithCaller } from "../helpers/fixtures";
import { fixture, jpegWithExif, SECRET } from "../helpers/images";
import { notificationRows } from "../helpers/line";

const t = fileDatabase();
let adminId: string;
beforeAll(async () => {
  adminId = (await createUser(t.db, { permission: "admin" })).id;
});

const member = () => memberWithCaller(t.db);

/** Puts old messages in a thread directly (the rate limit would refuse sending this many). */
async function backfill(memberId: string, count: number, role: "member" | "admin", ageMs: number) {
  const caller = await callerFor(t.db, memberId);
  await caller.chat.send({ body: "first" });
  const thread = await rowWhere(t.db, "chat_threads", "user_id", memberId);
  for (let i = 0; i < count; i++) {
    await t.db.kysely
      .insertInto("chat_messages")
      .values({
        id: newId(Date.now() - ageMs + i),
        thread_id: thread.id,
        sender_role: role,
        sender_id: role === "member" ? memberId : adminId,
        body: `old ${i}`,
        image_key: null,
        created_at: nowDb(),
      })
      .execute();
  }
}

describe(`support chat on ${testEngine}`, () => {
  it("goes from the member to support and back, with read state on each side", async () => {
    const m = await member();
    const admin = await callerFor(t.db, adminId);
    expect(await m.caller.chat.thread({})).toMatchObject({ messages: [], hasOlder: false });

    const question = await m.caller.chat.send({
      body: "出金がまだ届きません。\n確認をお願いします。  \n\n",
    });
    expect(question.body).toBe("出金がまだ届きません。\n確認をお願いします。");
    expect(await admin.chat.admin.unread()).toMatchObject({ messages: 1, threads: 1 });
    // Only an admin's session sees the count; anyone else gets "none", not an error.
    expect(await m.caller.chat.admin.unread()).toEqual({ messages: 0, threads: 0 });
    expect(await (await callerFor(t.db)).chat.admin.unread()).toEqual({ messages: 0, threads: 0 });

    const inbox = await admin.chat.admin.threads({ page: 1, unreadOnly: true });
    expect(inbox.rows).toEqual([
      expect.objectContaining({
        memberId: m.id,
        unread: 1,
        lastMessage: expect.stringContaining("出金"),
      }),
    ]);

    const seen = await admin.chat.admin.thread({ memberId: m.id });
    expect(seen.page.messages.map((x) => [x.role, x.body])).toEqual([["member", question.body]]);
    expect(seen.page.otherReadUpto).toBe(question.id);
    await admin.chat.admin.markRead({ memberId: m.id, upto: question.id });
    expect(await admin.chat.admin.unread()).toMatchObject({ messages: 0 });
    expect((await m.caller.chat.thread({})).otherReadUpto).toBe(question.id);

    const answer = await admin.chat.admin.send({ memberId: m.id, body: "確認して折り返します。" });
    expect(await m.caller.chat.unread()).toBe(1);
    const polled = await m.caller.chat.poll({ after: question.id });
    expect(polled.messages.map((x) => [x.role, x.body])).toEqual([
      ["admin", "確認して折り返します。"],
    ]);
    // Support's reply is announced on LINE: its outbox row was written with the message.
    const rows = await notificationRows(t.db, m.id);
    expect(rows.map((r) => [r.kind, r.dedupe_key])).toEqual([
      ["support_reply", `chat:${answer.id}`],
    ]);
    expect(JSON.parse(rows[0]!.payload)).toEqual({
      messageId: answer.id,
      excerpt: "確認して折り返します。",
    });

    await m.caller.chat.markRead({ upto: answer.id });
    expect(await m.caller.chat.unread()).toBe(0);
    // The marker never moves back.
    await m.caller.chat.markRead({ upto: question.id });
    expect((await m.caller.chat.thread({})).ownReadUpto).toBe(answer.id);
    expect((await admin.chat.admin.poll({ memberId: m.id, after: null })).otherReadUpto).toBe(
      answer.id,
    );
  });

  it("keeps each member to their own thread", async () => {
    const a = await member();
    const b = await member();
    const sent = await a.caller.chat.send({ body: "mine" });
    expect((await b.caller.chat.thread({})).messages).toEqual([]);
    await expect(b.caller.chat.markRead({ upto: sent.id })).rejects.toMatchObject({
      key: "notFound",
    });
    expect((await b.caller.chat.poll({ after: null })).messages).toEqual([]);
  });

  it("refuses empty and over-long messages with the field's reason", async () => {
    const m = await member();
    for (const [input, reason] of [
      [{ body: "" }, "chatEmpty"],
      [{ body: "   \n " }, "chatEmpty"],
      [{ body: "あ".repeat(2001) }, "chatTooLong"],
    ] as const) {
      await expect(m.caller.chat.send(input)).rejects.toMatchObject({
        cause: { issues: [expect.objectContaining({ message: reason, path: ["body"] })] },
      });
    }
    const longest = await m.caller.chat.send({ body: "あ".repeat(2000) });
    expect(longest.body).toHaveLength(2000);
    const stored = await rowWhere(t.db, "chat_messages", "id", longest.id);
    expect(stored.body).toBe("あ".repeat(2000));
  });

  it("limits how fast one side sends, per minute and per day", async () => {
    const m = await member();
    const perMinute = CHAT_RATE_LIMITS[0].max;
    for (let i = 0; i < perMinute; i++) await m.caller.chat.send({ body: `#${i}` });
    await expect(m.caller.chat.send({ body: "one more" })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      key: "chatRateLimited",
      params: { minutes: 1 },
    });
    // Support can still answer: the limit is per side.
    const admin = await callerFor(t.db, adminId);
    await admin.chat.admin.send({ memberId: m.id, body: "answer" });

    const daily = await member();
    await backfill(daily.id, CHAT_RATE_LIMITS[1].max - 1, "member", 60 * 60 * 1000);
    await expect(daily.caller.chat.send({ body: "over the day" })).rejects.toMatchObject({
      key: "chatRateLimited",
    });
  });

  it("turns a time into the smallest id of that millisecond", () => {
    const now = Date.now();
    expect(idFloor(now) <= newId(now)).toBe(true);
    expect(idFloor(now) > newId(now - 1)).toBe(true);
  });

  it("pages back through a long thread", async () => {
    const m = await member();
    await backfill(m.id, PAGE_SIZE + 5, "admin", 60 * 60 * 1000);
    const newest = await m.caller.chat.thread({});
    expect(newest.messages).toHaveLength(PAGE_SIZE);
    expect(newest.hasOlder).toBe(true);
    const older = await m.caller.chat.thread({ before: newest.messages[0]!.id });
    expect(older.hasOlder).toBe(false);
    expect(older.messages).toHaveLength(6);
    expect(older.messages.at(-1)!.id < newest.messages[0]!.id).toBe(true);
  });

  it("stores an attached image (checked by its bytes) and shows it only to the thread's people", async () => {
    const m = await member();
    const other = await member();
    const sent = await m.caller.chat.send({ body: "", image: fixture("avatar.png") });
    expect(sent.hasImage).toBe(true);
    const mine = await m.caller.chat.image({ messageId: sent.id });
    expect(mine?.contentType).toBe("image/png");
    expect(await other.caller.chat.image({ messageId: sent.id })).toBeNull();
    const admin = await callerFor(t.db, adminId);
    expect(
      (await admin.chat.admin.image({ memberId: m.id, messageId: sent.id }))?.contentType,
    ).toBe("image/png");
    expect(await admin.chat.admin.image({ memberId: other.id, messageId: sent.id })).toBeNull();

    await expect(
      m.caller.chat.send({ body: "not an image", image: new TextEncoder().encode("GIF89a....") }),
    ).rejects.toMatchObject({ key: "imageType" });
    expect((await m.caller.chat.thread({})).messages).toHaveLength(1);

    // A phone photo's location does not reach support.
    const photo = await m.caller.chat.send({
      body: "photo",
      image: jpegWithExif(fixture("avatar.jpg")),
    });
    const stored = await m.caller.chat.image({ messageId: photo.id });
    expect(stored?.contentType).toBe("image/jpeg");
    expect(Buffer.from(stored!.bytes).includes(SECRET)).toBe(false);
  });

  it("refuses an admin chat for someone who is not a member", async () => {
    const admin = await callerFor(t.db, adminId);
    await expect(admin.chat.admin.thread({ memberId: adminId })).rejects.toMatchObject({
      key: "notFound",
    });
    await expect(
      admin.chat.admin.send({ memberId: newId(), body: "hello?" }),
    ).rejects.toMatchObject({ key: "notFound" });
  });
});
