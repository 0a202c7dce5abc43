import { createDb } from "#db";
import { migrateToLatest } from "#db/migrate";
import { DEMO_ADMIN, seed } from "#tools/seed";
import { E2E_SQLITE_PATH } from "./env";

/**
 * The web server command already deleted, migrated and seeded data/e2e before starting (Playwright
 * starts the web server before this runs, so deleting the file here would pull it from under
 * the server). This makes sure the database is ready even against a reused local server, and
 * fails early with a clear message when it is not.
 */
export default async function globalSetup() {
  const db = createDb({ sqlitePath: E2E_SQLITE_PATH });
  try {
    await migrateToLatest(db);
    await seed(db);
    const admin = await db.kysely
      .selectFrom("users")
      .select("id")
      .where("email", "=", DEMO_ADMIN.email)
      .executeTakeFirst();
    if (!admin) throw new Error(`the e2e database ${E2E_SQLITE_PATH} has no seeded admin`);
    // The demo popup would open over every page of every test: popups.spec.ts covers popups,
    // against a server of its own.
    await db.kysely.updateTable("popups").set({ active: 0 }).execute();
  } finally {
    await db.destroy();
  }
}
