import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toDbTime } from "#db/time";
import { createApp } from "#server/app";
import { parseConfig } from "#server/config";
import { outboxBacklog } from "#server/notify/outbox";
import { enqueueNotification } from "#server/notify/outbox";
import { createTestDb, testEngine, type TestDb } from "../helpers/db";
import { createUser, silentLog } from "../helpers/fixtures";
import { listen, type RunningServer } from "../helpers/http";

/*
 * The outbox alert's inputs: only rows that are due count towards its age (a digest written in
 * the morning for the day's end is not late), and a scrape whose database read fails keeps the
 * last good figures with their age instead of dropping the series.
 */

const TOKEN = "metrics-token-0123456789abcdef";
const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", METRICS_TOKEN: TOKEN });
const HOUR = 60 * 60 * 1000;

let t: TestDb;
let web: RunningServer;
let memberId: string;

beforeAll(async () => {
  t = await createTestDb();
  web = await listen(createApp({ config, db: t.db, log: silentLog }));
  memberId = (await createUser(t.db)).id;
});
afterAll(async () => {
  await web.close();
  await t.cleanup();
});

async function scrape(): Promise<string> {
  const res = await fetch(`${web.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

function value(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A pending notification written `writtenAgoMs` ago and due `dueInMs` from now (negative: past). */
async function pending(key: string, writtenAgoMs: number, dueInMs: number, channel = "line") {
  await t.db.kysely.transaction().execute((trx) =>
    enqueueNotification(trx, {
      userId: memberId,
      kind: "support_reply",
      payload: { messageId: key, excerpt: "x" },
      dedupeKey: key,
      channel: channel as "line",
    }),
  );
  // Written at a moment in the past: created_at is not updatable through the typed schema.
  const written = toDbTime(new Date(Date.now() - writtenAgoMs));
  const due = toDbTime(new Date(Date.now() + dueInMs));
  await sql`update notifications set created_at = ${written}, next_attempt_at = ${due}
    where dedupe_key like ${`%${key}`}`.execute(t.db.kysely);
}

describe(`the outbox's age on ${testEngine}`, () => {
  it("counts only due rows: a digest written hours ago for later is not late", async () => {
    // Written four hours ago, due in one: what the daily digest looks like all day.
    await pending("digest", 4 * HOUR, HOUR);
    let [line] = await outboxBacklog(t.db);
    expect(line).toMatchObject({ channel: "line", pending: 1, due: 0, oldestDue: null });
    let text = await scrape();
    expect(value(text, 'portal_outbox_pending{channel="line"}')).toBe(1);
    expect(value(text, 'portal_outbox_due{channel="line"}')).toBe(0);
    expect(value(text, 'portal_outbox_oldest_due_age_seconds{channel="line"}')).toBe(0);

    // Due twenty minutes ago and still waiting: that one is late, by twenty minutes.
    await pending("late", 30 * 60 * 1000, -20 * 60 * 1000);
    [line] = await outboxBacklog(t.db);
    expect(line).toMatchObject({ pending: 2, due: 1 });
    text = await scrape();
    expect(value(text, 'portal_outbox_due{channel="line"}')).toBe(1);
    const age = value(text, 'portal_outbox_oldest_due_age_seconds{channel="line"}')!;
    expect(age).toBeGreaterThanOrEqual(20 * 60);
    expect(age).toBeLessThan(30 * 60); // from its due time, not from when it was written
    expect(value(text, 'portal_outbox_due{channel="mail"}')).toBe(0);
  });

  it("keeps the last good reading, with its age, when the database read fails", async () => {
    const before = await scrape();
    expect(value(before, 'portal_metrics_reading_age_seconds{reading="outbox"}')).toBeLessThan(1);
    const pendingBefore = value(before, 'portal_outbox_pending{channel="line"}');
    expect(pendingBefore).toBeGreaterThan(0);

    // The outbox cannot be read now (as a database that fails the query would).
    await sql`alter table notifications rename to notifications_away`.execute(t.db.kysely);
    try {
      await new Promise((r) => setTimeout(r, 1_100)); // so the last good reading has aged
      const after = await scrape();
      // The series are still there, with the last good figures...
      expect(value(after, 'portal_outbox_pending{channel="line"}')).toBe(pendingBefore);
      expect(value(after, 'portal_outbox_due{channel="line"}')).toBe(
        value(before, 'portal_outbox_due{channel="line"}'),
      );
      expect(value(after, 'portal_outbox_oldest_due_age_seconds{channel="line"}')).toBe(
        value(before, 'portal_outbox_oldest_due_age_seconds{channel="line"}'),
      );
      // ...and say how old they are; the import jobs' reading is fresh.
      expect(value(after, 'portal_metrics_reading_age_seconds{reading="outbox"}')).toBeGreaterThan(
        1,
      );
      expect(
        value(after, 'portal_metrics_reading_age_seconds{reading="import_jobs"}'),
      ).toBeLessThan(2);
    } finally {
      await sql`alter table notifications_away rename to notifications`.execute(t.db.kysely);
    }
    const again = await scrape();
    expect(value(again, 'portal_metrics_reading_age_seconds{reading="outbox"}')).toBeLessThan(1);
  });
});
