import type { Kysely } from "kysely";
import { z } from "zod";
import type { Db } from "#db";
import type { Database } from "#db/schema";
import type { Hero } from "../../domain/public-home";
import { readSetting, replaceSetting } from "../settings/store";

/**
 * The public home's pitch, one settings row (key "public_home"). Never saved, or damaged: null,
 * and the page shows its own words from the locale files.
 */
const KEY = "public_home";

const stored = z.object({
  ja: z.array(z.string()).max(3),
  en: z.array(z.string()).max(3),
});

export async function readHero(db: Kysely<Database>): Promise<Hero | null> {
  const parsed = stored.safeParse(await readSetting(db, KEY));
  return parsed.success && parsed.data.ja.length > 0 ? parsed.data : null;
}

/** Saves the pitch with its audit record (before and after); empty Japanese clears it. */
export async function saveHero(db: Db, adminId: string, hero: Hero): Promise<void> {
  await replaceSetting(db, {
    key: KEY,
    value: hero,
    adminId,
    action: "settings.publicHome",
    before: (trx) => readHero(trx),
    after: hero,
  });
}
