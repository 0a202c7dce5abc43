import { createHash, randomBytes } from "node:crypto";
import { newLicenseKey } from "#server/features/eas/licenses";
import { newFileKey, storageFor } from "#server/storage";
import type { Db } from "#db";
import { newId } from "#db/id";
import type { EaAccountType, EaCategory } from "#db/schema";
import { nowDb } from "#db/time";
import { addEnglish, existingId, newSeedRow } from "./support";

interface SeedEa {
  name: string;
  developer: string;
  description: string;
  descriptionEn: string;
  category: EaCategory;
  accountType: EaAccountType;
  version: string;
  fileName: string;
}

/** Two demo EAs: a trend follower for regular accounts, a cashback EA for EA-dedicated ones. */
export const SEED_EAS: SeedEa[] = [
  {
    name: "Trend Rider",
    developer: "FX Labs",
    description:
      "1時間足のトレンドに沿って売買するEAです。移動平均の向きと直近の高値・安値の更新でエントリーし、ATRに応じた損切りを置きます。",
    descriptionEn:
      "Trades with the trend on the 1-hour chart: enters on the moving average's direction and a new recent high or low, with a stop loss sized by the ATR.",
    category: "trend",
    accountType: "regular",
    version: "1.2.0",
    fileName: "TrendRider.ex4",
  },
  {
    name: "Rebate Scalper",
    developer: "CB Works",
    description:
      "取引量に応じたキャッシュバックを狙う短期売買のEAです。スプレッドが狭い時間帯だけ稼働します。EA専用口座でご利用ください。",
    descriptionEn:
      "A short-term EA aiming at volume-based cashback. It trades only while spreads are narrow. Use it on an EA-dedicated account.",
    category: "cashback",
    accountType: "ea_dedicated",
    version: "2.0",
    fileName: "RebateScalper.ex5",
  },
];

/**
 * The demo EAs with a placeholder file each (not a real program: the demo only shows the
 * licence and download flow), and an active licence of the regular EA for the demo member's
 * approved account when there is one. Files go to the same storage the server uses
 * (UPLOAD_DIR, data/uploads by default). Safe to run again.
 */
export async function seedEas(db: Db, people: { adminId: string; memberId: string }) {
  const storage = storageFor({ UPLOAD_DIR: process.env.UPLOAD_DIR || "data/uploads" });
  for (const e of SEED_EAS) {
    let eaId = await existingId(db, "eas", { name: e.name });
    if (!eaId) {
      const ea = newSeedRow(people.adminId);
      eaId = ea.id;
      const bytes = new Uint8Array(
        Buffer.concat([Buffer.from(`DEMO ${e.name} ${e.version}\n`), randomBytes(64)]),
      );
      const key = newFileKey("eas");
      await storage.put(key, bytes);
      await db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto("eas")
          .values({
            ...ea,
            name: e.name,
            developer: e.developer,
            description: e.description,
            category: e.category,
            account_type: e.accountType,
            active: 1,
          })
          .execute();
        await trx
          .insertInto("ea_files")
          .values({
            id: newId(),
            ea_id: ea.id,
            version: e.version,
            storage_key: key,
            file_name: e.fileName,
            size: bytes.length,
            sha256: createHash("sha256").update(bytes).digest("hex"),
            uploaded_by: people.adminId,
            created_at: ea.created_at,
          })
          .execute();
      });
    }
    // The names are the products' own (the same in English); the descriptions are translated.
    await addEnglish(db, "eas", { id: eaId }, { description_en: e.descriptionEn });
    if (e.accountType !== "regular") continue;
    const account = await db.kysely
      .selectFrom("broker_accounts")
      .select("id")
      .where("user_id", "=", people.memberId)
      .where("status", "=", "approved")
      .orderBy("created_at")
      .executeTakeFirst();
    if (!account) continue;
    if (await existingId(db, "ea_licenses", { ea_id: eaId, broker_account_id: account.id })) {
      continue;
    }
    const now = nowDb();
    await db.kysely
      .insertInto("ea_licenses")
      .values({
        id: newId(),
        ea_id: eaId,
        user_id: people.memberId,
        broker_account_id: account.id,
        live_account_id: account.id,
        status: "active",
        license_key: newLicenseKey(),
        reason: null,
        issued_at: now,
        issued_by: people.adminId,
        ended_at: null,
        ended_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
