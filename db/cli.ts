import { ConfigError, getConfig } from "../server/config";
import { createDb } from "./index";
import { migrateToLatest } from "./migrate";
import { seed } from "./seed";

/** `db:migrate` and `db:seed`: the database the portal itself would use (same configuration). */
async function main(command: string | undefined) {
  const config = getConfig();
  const db = createDb({
    databaseUrl: config.DATABASE_URL,
    sqlitePath: config.SQLITE_PATH,
    poolSize: 2,
  });
  try {
    const applied = await migrateToLatest(db);
    if (command === "migrate") {
      console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
      return;
    }
    if (command === "seed") {
      const { admin, member } = await seed(db);
      console.log(`demo data ready (${db.engine})`);
      console.log(`  admin login:  ${admin.email} / ${admin.password}`);
      console.log(`  member login: ${member.email} / ${member.password}`);
      return;
    }
    throw new Error(`unknown command "${command ?? ""}": use migrate or seed`);
  } finally {
    await db.destroy();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  const message =
    error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(message + "\n");
  process.exit(1);
});
