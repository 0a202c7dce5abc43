import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { type Bot, createBot } from "#bot/worker";
import { parseConfig } from "#server/config";
import { createLogger } from "#server/logger";
import { pruneEvents } from "#server/features/line/webhook";
import { createTestDb, testEngine } from "../helpers/db";
import { fileDatabase, fileLineStandin } from "../helpers/file-db";
import { createUser, silentLog } from "../helpers/fixtures";
import { listen, type RunningServer } from "../helpers/http";
import { eventually, linkLine } from "../helpers/line";
import { enqueueNotification } from "#server/notify/outbox";
import { newLineUserId, signWebhook } from "../helpers/line-standin";

const SECRET = randomBytes(16).toString("hex");

const t = fileDatabase();
const standin = fileLineStandin();
let bot: Bot;
let server: RunningServer;

beforeAll(async () => {
  const config = parseConfig({
    NODE_ENV: "test",
    APP_ORIGIN: "https://portal.example",
    LINE_CHANNEL_SECRET: SECRET,
    LINE_CHANNEL_ACCESS_TOKEN: standin.options.channelAccessToken,
    LINE_API_BASE_URL: standin.url,
    BOT_POLL_INTERVAL_MS: "20",
  });
  bot = createBot(config, silentLog, t.db);
  server = await listen(bot.server);
  bot.start();
});
afterAll(async () => {
  await bot.stop();
  await server.close();
});

let seq = 0;
function event<T extends Record<string, unknown>>(type: string, userId: string, extra?: T) {
  seq += 1;
  return {
    type,
    mode: "active",
    timestamp: Date.now(),
    source: { type: "user", userId },
    webhookEventId: `01TEST${String(seq).padStart(4, "0")}${randomBytes(8).toString("hex").toUpperCase()}`,
    deliveryContext: { isRedelivery: false },
    ...(extra ?? ({} as T)),
  };
}

async function deliver(
  events: unknown[],
  sign: (body: string) => string | null = (b) => signWebhook(b, SECRET),
) {
  const body = JSON.stringify({ destination: "Ubot", events });
  const signature = sign(body);
  const started = Date.now();
  const res = await fetch(`${server.url}/line/webhook`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(signature !== null ? { "x-line-signature": signature } : {}),
    },
    body,
  });
  return { status: res.status, ms: Date.now() - started };
}

async function storedEvents(ids: string[]) {
  return t.db.kysely
    .selectFrom("line_webhook_events")
    .select(["webhook_event_id", "status", "type"])
    .where("webhook_event_id", "in", ids)
    .execute();
}

async function following(lineUserId: string) {
  const row = await t.db.kysely
    .selectFrom("line_friends")
    .select("following")
    .where("line_user_id", "=", lineUserId)
    .executeTakeFirst();
  return row ? Number(row.following) === 1 : null;
}

describe(`the LINE webhook on ${testEngine}`, () => {
  it("accepts a delivery signed with the channel secret, answers at once and handles it", async () => {
    const u = newLineUserId();
    const follow = event("follow", u);
    const { status, ms } = await deliver([follow]);
    expect(status).toBe(200);
    expect(ms).toBeLessThan(1000);
    await eventually(async () => (await following(u)) === true, "the follow to be handled");
    expect(await storedEvents([follow.webhookEventId])).toEqual([
      { webhook_event_id: follow.webhookEventId, status: "done", type: "follow" },
    ]);
  });

  it("refuses a delivery whose signature is missing, wrong or over other bytes", async () => {
    const e = event("follow", newLineUserId());
    const reserialized = (body: string) =>
      signWebhook(JSON.stringify(JSON.parse(body), null, 1), SECRET);
    const otherSecret = (body: string) => signWebhook(body, randomBytes(16).toString("hex"));
    for (const sign of [() => null, () => "not base64!", otherSecret, reserialized]) {
      expect((await deliver([e], sign)).status).toBe(401);
    }
    expect(await storedEvents([e.webhookEventId])).toEqual([]);
  });

  it("handles an event delivered twice only once", async () => {
    const m = await createUser(t.db);
    const u = await linkLine(t.db, m.id);
    const hello = event("message", u, {
      replyToken: randomBytes(16).toString("hex"),
      message: { id: "1", type: "text", text: "こんにちは" },
    });
    const redelivery = { ...hello, deliveryContext: { isRedelivery: true } };
    expect((await deliver([hello])).status).toBe(200);
    expect((await deliver([redelivery])).status).toBe(200);
    // Both copies at once, in one delivery.
    expect((await deliver([hello, redelivery])).status).toBe(200);
    await eventually(async () => standin.replies.length >= 1, "a reply");
    await new Promise((r) => setTimeout(r, 200));
    expect(standin.replies).toHaveLength(1);
    expect(standin.replies[0]!.replyToken).toBe(hello.replyToken);
    expect(standin.replies[0]!.text).toContain("https://portal.example/users/chat");
    expect(await storedEvents([hello.webhookEventId])).toHaveLength(1);
  });

  it("deletes handled events past the retention, never waiting ones", async () => {
    const row = (id: string, status: "done" | "ignored" | "failed" | "received", at: string) => ({
      webhook_event_id: id,
      type: "follow",
      line_user_id: null,
      event_ts: 1,
      redelivery: 0 as const,
      payload: "{}",
      status,
      error: null,
      received_at: at,
      processed_at: null,
    });
    const old = "2026-01-01 00:00:00.000";
    const recent = "2026-11-20 00:00:00.000";
    const ids = ["p-old-done", "p-old-ignored", "p-old-failed", "p-old-received", "p-new-done"];
    // A database of its own: the running worker's sweep would handle the waiting event.
    const quiet = await createTestDb();
    onTestFinished(() => quiet.cleanup());
    await quiet.db.kysely
      .insertInto("line_webhook_events")
      .values([
        row(ids[0]!, "done", old),
        row(ids[1]!, "ignored", old),
        row(ids[2]!, "failed", old),
        // Status "received" stays: its handling would otherwise never happen.
        row(ids[3]!, "received", old),
        row(ids[4]!, "done", recent),
      ])
      .execute();
    expect(await pruneEvents(quiet.db, new Date("2026-06-01T00:00:00Z"))).toBe(3);
    const left = await quiet.db.kysely
      .selectFrom("line_webhook_events")
      .select("webhook_event_id")
      .where("webhook_event_id", "in", ids)
      .orderBy("webhook_event_id")
      .execute();
    expect(left.map((r) => r.webhook_event_id)).toEqual(["p-new-done", "p-old-received"]);
  });

  it("answers a member in their language", async () => {
    const m = await createUser(t.db);
    await t.db.kysely.updateTable("users").set({ language: "en" }).where("id", "=", m.id).execute();
    const u = await linkLine(t.db, m.id);
    await deliver([
      event("message", u, { replyToken: "rt-en", message: { id: "2", type: "text", text: "hi" } }),
    ]);
    await eventually(async () => standin.replies.length === 1, "a reply");
    expect(standin.replies[0]!.text).toMatch(/^Thank you for your message/);
  });

  it("keeps the newest follow state when LINE delivers an older event late", async () => {
    const u = newLineUserId();
    const now = Date.now();
    const unfollow = event("unfollow", u, { timestamp: now });
    const olderFollow = event("follow", u, {
      timestamp: now - 60_000,
      deliveryContext: { isRedelivery: true },
    });
    await deliver([unfollow]);
    await eventually(async () => (await following(u)) === false, "the unfollow");
    await deliver([olderFollow]);
    await eventually(
      async () => (await storedEvents([olderFollow.webhookEventId]))[0]?.status === "done",
      "the late follow to be handled",
    );
    expect(await following(u)).toBe(false);
    await deliver([event("follow", u, { timestamp: now + 1000 })]);
    await eventually(async () => (await following(u)) === true, "the new follow");
  });

  it("refreshes a linked member's display name when they follow", async () => {
    const m = await createUser(t.db);
    const u = await linkLine(t.db, m.id);
    standin.profiles.set(u, "新しい名前");
    await deliver([event("follow", u)]);
    await eventually(async () => {
      const row = await t.db.kysely
        .selectFrom("line_links")
        .select("display_name")
        .where("user_id", "=", m.id)
        .executeTakeFirst();
      return row?.display_name === "新しい名前";
    }, "the display name");
  });

  it("takes LINE's verification call (no events) and refuses what is not a webhook", async () => {
    expect((await deliver([])).status).toBe(200);
    const big = JSON.stringify({ events: [], pad: "x".repeat(1024 * 1024) });
    const res = await fetch(`${server.url}/line/webhook`, {
      method: "POST",
      headers: { "x-line-signature": signWebhook(big, SECRET) },
      body: big,
    });
    expect(res.status).toBe(413);
    expect((await fetch(`${server.url}/line/webhook`)).status).toBe(405);
    const notJson = "events=1";
    const bad = await fetch(`${server.url}/line/webhook`, {
      method: "POST",
      headers: { "x-line-signature": signWebhook(notJson, SECRET) },
      body: notJson,
    });
    expect(bad.status).toBe(400);
  });
});

describe("the worker without LINE credentials", () => {
  it("keeps notifications pending, says so in /readyz and its log, never logs text or LINE ids", async () => {
    const member = await createUser(t.db);
    const lineUserId = await linkLine(t.db, member.id);
    // Due later, so the file's other worker (which has a token) leaves it alone.
    await enqueueNotification(t.db.kysely, {
      userId: member.id,
      kind: "support_reply",
      payload: { messageId: "m-quiet", excerpt: "the secret excerpt" },
      dedupeKey: `quiet:${member.id}`,
      dueAt: new Date(Date.now() + 3_600_000),
    });
    const lines: string[] = [];
    const log = createLogger({
      level: "debug",
      destination: { write: (line: string) => void lines.push(line) },
    });
    const quiet = createBot(parseConfig({ NODE_ENV: "test" }), log, t.db);
    expect(quiet.logOnly).toBe(true);
    const running = await listen(quiet.server);
    quiet.start();
    try {
      const res = await fetch(`${running.url}/line/webhook`, { method: "POST", body: "{}" });
      expect(res.status).toBe(503);
      expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
      const ready = await fetch(`${running.url}/readyz`);
      expect(ready.status).toBe(503);
      const body = (await ready.json()) as { status: string; line: string; pending: number };
      expect(body.status).toBe("not-configured");
      expect(body.line).toContain("LINE_CHANNEL_ACCESS_TOKEN");
      expect(body.pending).toBeGreaterThanOrEqual(1);
      await eventually(
        async () => lines.join("").includes("LINE notifications waiting"),
        "the log's reminder",
      );
    } finally {
      await quiet.stop();
      await running.close();
    }
    const row = await t.db.kysely
      .selectFrom("notifications")
      .select(["status", "attempts", "last_error"])
      .where("dedupe_key", "=", `quiet:${member.id}`)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "pending", attempts: 0, last_error: null });
    const logged = lines.join("");
    expect(logged).not.toContain(lineUserId);
    expect(logged).not.toContain("the secret excerpt");
  });
});
