import type { Db } from "../../../db";
import type { Language } from "../../../db/schema";
import { nowDb } from "../../../db/time";

/** Remembers a member's language so mails and LINE messages reach them in it. */
export async function setLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db.kysely
    .updateTable("users")
    .set({ language, updated_at: nowDb() })
    .where("id", "=", userId)
    .execute();
}
