import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The audit log is append-only (decision 096): no code path updates or deletes its rows. The
 * sources are walked for any statement that could: Kysely's updateTable/deleteFrom on the
 * table, and raw SQL naming it after UPDATE, DELETE FROM, TRUNCATE or DROP. The migration that
 * creates the table (and its own down step) is the one place allowed to drop it.
 */

const ROOTS = ["server", "db", "app", "bot", "scripts"];
const ALLOWED = new Set([join("db", "migrations", "202611210750_audit.ts")]);

const WRITES = [
  /(updateTable|deleteFrom)\(\s*["'`]audit_log["'`]/,
  /\b(update|delete\s+from|truncate(\s+table)?|drop\s+table)\s+[`"]?audit_log\b/i,
  /dropTable\(\s*["'`]audit_log["'`]/,
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name === "build") return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs|js|sql)$/.test(name) ? [path] : [];
  });
}

export function auditWrites(text: string): string[] {
  return WRITES.flatMap((re) => {
    const m = re.exec(text);
    return m ? [m[0]] : [];
  });
}

describe("the audit log is append-only", () => {
  it("finds what would change a row (the check itself can fail)", () => {
    expect(auditWrites(`db.updateTable("audit_log").set({})`)).toHaveLength(1);
    expect(auditWrites(`trx.deleteFrom('audit_log').where("id", "=", x)`)).toHaveLength(1);
    expect(auditWrites("sql`DELETE FROM audit_log WHERE 1`")).toHaveLength(1);
    expect(auditWrites(`db.insertInto("audit_log").values(row)`)).toEqual([]);
  });

  it("no source updates, deletes or drops audit rows", () => {
    const found = ROOTS.flatMap(sources)
      .filter((path) => !ALLOWED.has(path))
      .flatMap((path) => auditWrites(readFileSync(path, "utf8")).map((m) => `${path}: ${m}`));
    expect(found).toEqual([]);
  });
});
