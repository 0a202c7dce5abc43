import type { Db } from "#db";
import { tokyoMonthBounds as monthBounds } from "#domain/tokyo";
import { atTime } from "#db/clock";
import { addEnglish, daysFrom, existingId, newSeedRow } from "./support";

/** The Tokyo month of a moment: its first and last day ("2026-11-01", "2026-11-30"). */
export function tokyoMonthBounds(now = new Date()) {
  const { first, last, year, month } = monthBounds(now);
  return { first, last, label: `${year}年${month}月` };
}

export const SEED_POPUP_TITLE = "ランキングバトル開催中！";
const SEED_POPUP_ENGLISH = {
  title_en: "The ranking battle is on!",
  body_en:
    "Compete on this month's cashback in the ranking battle.\nThe top 5 win up to ¥30,000!\n\nCheck your place on the battle page at any time.",
};

/** "November 2026" for the first day of a month ("2026-11-01"). */
function englishMonth(first: string): string {
  const [year, month] = first.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/**
 * A ranking battle over the current Tokyo month with a prize table, so /users/cashback-battle
 * has something to show; added once per month (by its title), never changed afterwards.
 */
export async function seedBattle(db: Db, { adminId }: { adminId: string }) {
  const { first, last, label } = tokyoMonthBounds();
  const title = `${label} キャッシュバックバトル`;
  const english = { title_en: `Cashback battle, ${englishMonth(first)}` };
  if (await existingId(db, "ranking_battles", { title })) {
    await addEnglish(db, "ranking_battles", { title }, english);
    return;
  }
  // Set up by the admin two days before the month began (or now, on the month's first days).
  const setUp = Math.min(
    Date.parse(`${first}T00:00:00+09:00`) - 2 * 86_400_000 + 11 * 3_600_000,
    Date.now() - 60_000,
  );
  const battle = await atTime(new Date(setUp), async () => newSeedRow(adminId));
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto("ranking_battles")
      .values({
        ...battle,
        title,
        ...english,
        starts_on: first,
        ends_on: last,
        status: "open",
        settled_at: null,
        settled_by: null,
      })
      .execute();
    await trx
      .insertInto("ranking_battle_prizes")
      .values(
        [30_000, 10_000, 5_000, 1_000, 1_000].map((amount, i) => ({
          battle_id: battle.id,
          rank: i + 1,
          amount,
        })),
      )
      .execute();
  });
}

/** One active popup announcing the battle, shown once to each member (added once, by title). */
export async function seedPopup(db: Db, { adminId }: { adminId: string }) {
  if (await existingId(db, "popups", { title: SEED_POPUP_TITLE })) {
    await addEnglish(db, "popups", { title: SEED_POPUP_TITLE }, SEED_POPUP_ENGLISH);
    return;
  }
  const now = Date.now();
  // Written the evening before it started showing.
  const row = await atTime(new Date(now - 1 * 86_400_000 - 2 * 3_600_000), async () =>
    newSeedRow(adminId),
  );
  await db.kysely
    .insertInto("popups")
    .values({
      ...row,
      title: SEED_POPUP_TITLE,
      ...SEED_POPUP_ENGLISH,
      body: "今月のキャッシュバック額で順位を競うランキングバトルを開催しています。\n上位5名様に最大30,000円の賞金をプレゼント！\n\n順位はバトルページでいつでも確認できます。",
      image_key: null,
      link_url: null,
      starts_at: daysFrom(now, -1),
      ends_at: daysFrom(now, 60),
      active: 1,
    })
    .execute();
}
