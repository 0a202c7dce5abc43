import type { Db } from "#db";
import { newId } from "#db/id";
import type { GachaMethod, GachaRewardKind } from "#db/schema";
import { addEnglish, daysFrom, existingId, newSeedRow } from "./support";

interface SeedReward {
  name: string;
  nameEn?: string;
  kind: GachaRewardKind;
  amount?: number;
  weight?: number;
  stock?: number;
  validDays?: number;
}

interface SeedGacha {
  name: string;
  description: string;
  /** The English the demo shows members reading English; the box gacha has none (it falls back). */
  english?: { name_en: string; description_en: string };
  /** Days from the seed run (negative: in the past). */
  startDay: number;
  endDay: number;
  cost: number;
  method: GachaMethod;
  limit: number;
  rewards: SeedReward[];
}

/**
 * Demo gachas: one open weighted gacha (cash, an item with a validity period, and misses) and
 * one upcoming box gacha, so the member pages show both kinds and both states.
 */
export const SEED_GACHAS: SeedGacha[] = [
  {
    name: "キャッシュバック感謝ガチャ",
    description: "1回100円。最大1,000円が当たるガチャです。お一人様5回まで挑戦できます。",
    english: {
      name_en: "Cashback thank-you gacha",
      description_en: "¥100 a draw, win up to ¥1,000. Up to 5 draws per member.",
    },
    startDay: -100,
    endDay: 60,
    cost: 100,
    method: "weighted",
    limit: 5,
    rewards: [
      { name: "1,000円", nameEn: "¥1,000", kind: "cash", amount: 1_000, weight: 2 },
      { name: "100円", nameEn: "¥100", kind: "cash", amount: 100, weight: 18 },
      {
        name: "キャッシュバック10%アップ券",
        nameEn: "10% cashback boost ticket",
        kind: "item",
        weight: 20,
        validDays: 30,
      },
      { name: "ハズレ", nameEn: "No prize", kind: "none", weight: 60 },
    ],
  },
  {
    name: "新春ボックスガチャ",
    description: "全100個のボックスから引くガチャです。なくなり次第終了します。",
    startDay: 30,
    endDay: 45,
    cost: 300,
    method: "box",
    limit: 3,
    rewards: [
      { name: "5,000円", kind: "cash", amount: 5_000, stock: 1 },
      { name: "500円", kind: "cash", amount: 500, stock: 19 },
      { name: "EA無料体験チケット", kind: "item", stock: 20, validDays: 14 },
      { name: "ハズレ", kind: "none", stock: 60 },
    ],
  },
];

/** Inserts each demo gacha unless one of that name exists; admins' edits are never overwritten. */
export async function seedGachas(db: Db, people: { adminId: string }) {
  for (const g of SEED_GACHAS) {
    const found = await existingId(db, "gachas", { name: g.name });
    if (found) {
      await addGachaEnglish(db, found, g);
      continue;
    }
    const gacha = newSeedRow(people.adminId);
    const today = Date.now();
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("gachas")
        .values({
          ...gacha,
          name: g.name,
          description: g.description,
          image_key: null,
          starts_at: daysFrom(today, g.startDay),
          ends_at: daysFrom(today, g.endDay),
          cost: g.cost,
          method: g.method,
          challenge_limit: g.limit,
          published: 1,
        })
        .execute();
      await trx
        .insertInto("gacha_rewards")
        .values(
          g.rewards.map((r, i) => ({
            id: newId(),
            gacha_id: gacha.id,
            name: r.name,
            image_key: null,
            kind: r.kind,
            amount: r.amount ?? null,
            weight: g.method === "weighted" ? (r.weight ?? 1) : null,
            stock: g.method === "box" ? (r.stock ?? 0) : null,
            valid_from: null,
            valid_until: null,
            valid_days: r.validDays ?? null,
            active: 1 as const,
            display_order: i,
            created_at: gacha.created_at,
            updated_at: gacha.created_at,
          })),
        )
        .execute();
    });
    await addGachaEnglish(db, gacha.id, g);
  }
}

async function addGachaEnglish(db: Db, id: string, g: SeedGacha) {
  if (g.english) await addEnglish(db, "gachas", { id }, g.english);
  for (const r of g.rewards) {
    if (r.nameEn) {
      await addEnglish(db, "gacha_rewards", { gacha_id: id, name: r.name }, { name_en: r.nameEn });
    }
  }
}
