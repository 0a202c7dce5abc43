import type { Db } from "#db";
import { insertIgnore } from "#db/dialect";
import { newId } from "#db/id";
import { atTime } from "#db/clock";
import { toDbTime } from "#db/time";
import { addEnglish, DAY_MS, daysFrom, existingId, newSeedRow } from "./support";

interface SeedCampaign {
  title: string;
  body: string;
  conditions: string;
  /** The English the demo shows members reading English; the last campaign has none (it falls back). */
  english?: { title_en: string; body_en: string; conditions_en?: string };
  /** Days from the seed run (negative: in the past). */
  startDay: number;
  endDay: number;
  capacity: number | null;
  /** The demo member has entered it. */
  memberEntered: boolean;
}

/**
 * Demo campaigns: an open one the demo member has entered, an open one with a capacity and
 * an upcoming one, so the member list shows each state and the admin an entry list.
 */
export const SEED_CAMPAIGNS: SeedCampaign[] = [
  {
    title: "口座開設キャッシュバック増額キャンペーン",
    body: "期間中に新しく取引口座を開設してエントリーした方全員に、初月のキャッシュバックを10%上乗せします。\n\n上乗せ分は翌月のキャッシュバックと一緒にお支払いします。",
    conditions: "・期間中に口座を開設し、承認済みであること\n・エントリーボタンを押していること",
    english: {
      title_en: "Bigger cashback for new accounts",
      body_en:
        "Open a new trading account during the campaign and enter: your first month's cashback gets 10% on top.\n\nThe extra is paid with the following month's cashback.",
      conditions_en:
        "- The account was opened during the campaign and is approved\n- You pressed the entry button",
    },
    startDay: -7,
    endDay: 30,
    capacity: null,
    memberEntered: true,
  },
  {
    title: "年末トレード応援キャンペーン（先着100名）",
    body: "先着100名様に、年末年始の取引で使えるキャッシュバック2倍チケットをプレゼントします。\nなくなり次第終了です。",
    conditions: "承認済みの口座が1つ以上あること",
    english: {
      title_en: "Year-end trading boost (first 100 members)",
      body_en:
        "The first 100 members get a double-cashback ticket for their year-end trades.\nWhile stocks last.",
      conditions_en: "At least one approved account",
    },
    startDay: -1,
    endDay: 20,
    capacity: 100,
    memberEntered: false,
  },
  {
    title: "新春お年玉キャンペーン",
    body: "新年の取引量に応じて、抽選で50名様にお年玉をお届けします。\n詳しくは開始日にお知らせします。",
    conditions: "",
    startDay: 40,
    endDay: 70,
    capacity: 50,
    memberEntered: false,
  },
];

/** Inserts each demo campaign unless one of that title exists; admins' edits are kept. */
export async function seedCampaigns(db: Db, people: { adminId: string; memberId: string }) {
  for (const c of SEED_CAMPAIGNS) {
    if (c.english) await addEnglish(db, "campaigns", { title: c.title }, c.english);
    if (await existingId(db, "campaigns", { title: c.title })) continue;
    const today = Date.now();
    // Written by the admin about a week before it opens (never later than now); the demo
    // member entered the day after it opened.
    const written = Math.min(today + (c.startDay - 6) * DAY_MS, today - 2 * DAY_MS) + 3 * 3_600_000;
    const campaign = await atTime(new Date(written), async () => newSeedRow(people.adminId));
    const entered = Math.min(today + (c.startDay + 1) * DAY_MS, today - DAY_MS / 2);
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("campaigns")
        .values({
          ...campaign,
          title: c.title,
          body: c.body,
          conditions: c.conditions,
          ...c.english,
          image_key: null,
          starts_at: daysFrom(today, c.startDay),
          ends_at: daysFrom(today, c.endDay),
          capacity: c.capacity,
          active: 1,
        })
        .execute();
      if (c.memberEntered) {
        await insertIgnore(
          db,
          trx.insertInto("campaign_entries").values({
            id: newId(),
            campaign_id: campaign.id,
            user_id: people.memberId,
            created_at: toDbTime(new Date(Math.max(entered, written))),
          }),
        ).execute();
      }
    });
  }
}
