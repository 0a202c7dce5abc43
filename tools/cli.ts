import { cliConfig, ConfigError } from "#server/config";
import { createDb } from "#db";
import { migrateToLatest } from "#db/migrate";
import { DEMO_ADMIN, DEMO_LOGINS, seed } from "./seed";
import { timeStep, totpAt } from "#server/auth/totp";
import { createOrPromoteAdmin } from "#server/features/admin/accounts";
import { checkLedger } from "#server/ledger";
import { VERSION } from "#server/version";
import { formatResult, runDoctor } from "#server/doctor";
import { backupDatabase, restoreDatabase } from "#server/backup";

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

/** `db:migrate` and `db:seed`: the database the portal itself would use (same configuration). */
async function main(command: string | undefined, args: string[]) {
  if (command === "--version" || command === "version") {
    console.log(VERSION);
    return;
  }
  if (command === "demo:totp") {
    // The demo admin's current TOTP code, from the published demo secret (no database needed).
    console.log(totpAt(DEMO_ADMIN.totpSecret, timeStep()));
    return;
  }
  if (command === "doctor") {
    const results = await runDoctor(process.env, { mailTo: option(args, "mail-to") });
    for (const r of results) console.log(formatResult(r));
    const failed = results.filter((r) => r.outcome === "FAIL").length;
    console.log(failed ? `${failed} check${failed > 1 ? "s" : ""} failed` : "every check passed");
    if (failed) process.exitCode = 1;
    return;
  }
  const config = cliConfig();
  if (command === "backup" || command === "restore") {
    const file = args.find((a) => !a.startsWith("--"));
    if (!file)
      throw new Error(`usage: ${command} FILE${command === "restore" ? " [--force]" : ""}`);
    const target = config.DATABASE_URL
      ? { databaseUrl: config.DATABASE_URL }
      : { sqlitePath: config.SQLITE_PATH };
    if (command === "backup") {
      console.log(await backupDatabase(target, file));
      return;
    }
    await restoreDatabase(target, file, args.includes("--force"));
    console.log(`restored from ${file}`);
    // A restore ends with the ledger check: a backup that does not add up is said at once.
    const restored = createDb({ ...target, poolSize: 2 });
    try {
      const problems = await checkLedger(restored);
      for (const p of problems) console.error(`${p.kind}: ${p.detail}`);
      if (problems.length) process.exitCode = 1;
      else
        console.log(
          "ledger ok: every wallet equals its entries, every transaction and the total sum to zero",
        );
    } finally {
      await restored.destroy();
    }
    return;
  }
  if (command === "seed" && config.NODE_ENV === "production") {
    // The demo data includes an admin whose password and TOTP secret are published (README):
    // on a production database that is an open door, so it takes an explicit --demo.
    if (!args.includes("--demo")) {
      throw new Error(
        "seed refused: NODE_ENV is production and the demo data includes an admin with a published password and TOTP secret; create a real admin with admin:create, or pass --demo for a demo installation",
      );
    }
    process.stderr.write(
      "WARNING: loading the demo data with NODE_ENV=production: the demo admin's password and TOTP secret are published; never do this on a database real members use\n",
    );
  }
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
      const { admin } = await seed(db);
      console.log(`demo data ready (${db.engine})`);
      for (const login of DEMO_LOGINS) {
        console.log(`  ${login.email} / ${login.password}  (${login.shows})`);
      }
      console.log(
        `  admin second factor: TOTP secret ${admin.totpSecret} (current code: npm run demo:totp)`,
      );
      return;
    }
    if (command === "ledger:check") {
      const problems = await checkLedger(db);
      if (problems.length === 0) {
        console.log(
          "ledger ok: every wallet equals its entries, every transaction and the total sum to zero",
        );
        return;
      }
      for (const p of problems) console.error(`${p.kind}: ${p.detail}`);
      process.exitCode = 1;
      return;
    }
    if (command === "admin:create") {
      const email = option(args, "email");
      const role = option(args, "role");
      if (!email || !role)
        throw new Error(
          "usage: admin:create --email EMAIL --role owner|finance|support|content|analyst [--password PASSWORD] [--name NAME]",
        );
      const result = await createOrPromoteAdmin(db, {
        email,
        role,
        password: option(args, "password"),
        name: option(args, "name"),
      });
      console.log(
        result.created
          ? `admin created: ${result.email} (${role})`
          : `promoted to admin: ${result.email} (${role})`,
      );
      if (result.generatedPassword)
        console.log(`  password (shown once): ${result.generatedPassword}`);
      console.log("  a second factor (authenticator app or passkey) is set up at first sign-in");
      return;
    }
    throw new Error(
      `unknown command "${command ?? ""}": use doctor, backup, restore, migrate, seed, ledger:check, admin:create, demo:totp or --version`,
    );
  } finally {
    await db.destroy();
  }
}

main(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  const issues = (error as { issues?: { message: string }[] }).issues;
  const message = issues
    ? `invalid input: ${issues.map((i) => i.message).join(", ")}`
    : error instanceof ConfigError || error instanceof Error
      ? error.message
      : String(error);
  process.stderr.write(message + "\n");
  process.exit(1);
});
