import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_MEMBER, seed } from "#tools/seed";
import { DEMO_CROWD } from "#tools/seed/crowd";
import { fromDbTime } from "#db/time";
import { tokyoDay } from "#domain/tokyo";
import { rowWhere, testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor } from "../helpers/fixtures";

/**
 * The demo beyond the ledger: campaigns, chats, the popup, the battle and the legal documents
 * carry dates over the demo's six months instead of the minute the seed ran, and the ranking
 * lists about twenty members.
 */
const t = fileDatabase({ ledgerMustBalance: true });
let started: number;

beforeAll(async () => {
  started = Date.now();
  await seed(t.db);
}, 300_000);

const HOUR = 3_600_000;
const ms = (value: string) => fromDbTime(value).getTime();

describe(`the demo lived in beyond the ledger on ${testEngine}`, () => {
  it("ranks about twenty members this month, each with an amount of their own", async () => {
    const memberId = (await rowWhere(t.db, "users", "email", DEMO_MEMBER.email)).id;
    const member = await callerFor(t.db, memberId);
    for (const scope of ["all", "month"] as const) {
      const ranking = await member.ranking.list({ genre: "cashback", scope });
      expect(ranking.top.length, scope).toBeGreaterThanOrEqual(scope === "all" ? 20 : 15);
      expect(ranking.top.length, scope).toBeLessThanOrEqual(DEMO_CROWD.length + 3);
    }
    const all = await member.ranking.list({ genre: "cashback", scope: "all" });
    // A spread, not a block of equal amounts.
    expect(new Set(all.top.map((r) => r.amount)).size).toBeGreaterThanOrEqual(18);
  });

  it("dates campaigns, their entry, the popup and the battle before the seed ran, each its own", async () => {
    const campaigns = await t.db.kysely.selectFrom("campaigns").select("created_at").execute();
    const popups = await t.db.kysely.selectFrom("popups").select("created_at").execute();
    const battles = await t.db.kysely.selectFrom("ranking_battles").select("created_at").execute();
    const entries = await t.db.kysely.selectFrom("campaign_entries").select("created_at").execute();
    const written = [...campaigns, ...popups, ...battles, ...entries].map((r) => ms(r.created_at));
    expect(written.every((at) => at < started)).toBe(true);
    // Not the seed's minute: each written hours or days before it, on moments of their own.
    expect(written.every((at) => at < started - HOUR)).toBe(true);
    expect(new Set(written).size).toBe(written.length);
  });

  it("keeps support conversations over the months, read on both sides", async () => {
    const messages = await t.db.kysely
      .selectFrom("chat_messages")
      .select(["created_at", "sender_role"])
      .orderBy("id")
      .execute();
    expect(messages.length).toBeGreaterThanOrEqual(8);
    const months = new Set(messages.map((m) => tokyoDay(fromDbTime(m.created_at)).slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(3);
    // In the order they were written (ids follow time), answers after questions.
    const times = messages.map((m) => ms(m.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const threads = await t.db.kysely.selectFrom("chat_threads").selectAll().execute();
    for (const thread of threads) {
      const last = await t.db.kysely
        .selectFrom("chat_messages")
        .select("id")
        .where("thread_id", "=", thread.id)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect([thread.member_read_upto, thread.admin_read_upto]).toEqual([last.id, last.id]);
    }
  });

  it("publishes the legal documents on the day their text says they were established", async () => {
    const terms = await t.db.kysely
      .selectFrom("legal_documents")
      .select(["body", "body_en", "published_at"])
      .where("kind", "=", "terms")
      .where("version", "=", 1)
      .executeTakeFirstOrThrow();
    const day = tokyoDay(fromDbTime(terms.published_at));
    const [y, m, d] = day.split("-").map(Number);
    expect(terms.body).toContain(`制定日：${y}年${m}月${d}日`);
    expect(terms.body_en).toMatch(new RegExp(`Established: ${d} \\w+ ${y}`));
    expect(ms(terms.published_at)).toBeLessThan(started - 150 * 24 * HOUR);
    // Members agreed when they registered, not when the seed ran.
    const consents = await t.db.kysely
      .selectFrom("legal_consents as c")
      .innerJoin("users as u", "u.id", "c.user_id")
      .select(["c.accepted_at", "u.created_at"])
      .execute();
    expect(consents.length).toBeGreaterThanOrEqual(2 * 20);
    expect(consents.every((c) => c.accepted_at === c.created_at)).toBe(true);
  });

  it("adds nothing twice when the seed runs again", async () => {
    const count = async (table: "users" | "chat_messages" | "import_batches" | "broker_accounts") =>
      Number(
        (
          await t.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const tables = ["users", "chat_messages", "import_batches", "broker_accounts"] as const;
    const before = await Promise.all(tables.map(count));
    await seed(t.db);
    expect(await Promise.all(tables.map(count))).toEqual(before);
  }, 300_000);
});
