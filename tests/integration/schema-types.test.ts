import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import type { Table } from "#db/schema";
import { GENERATED_FILE, generateSchemaTypes, lineDiff } from "../../scripts/db-types";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";

/**
 * db/schema.generated.ts is kysely-codegen's reading of a migrated MySQL database (decision
 * 056). On MySQL this file generates it again from its own freshly migrated database and
 * compares, types included: a migration whose types were not regenerated fails here. On both
 * engines it compares the tables, columns and NULLs with what the migrations built, so SQLite
 * cannot drift from the MySQL schema the types describe.
 */

// db/schema.ts's layer on the generated types refuses what contradicts the database; tsc
// --noEmit checks that each of these is still refused.
// @ts-expect-error users.email is NOT NULL
type _NullOnNotNull = Table<"users", { email: string | null }>;
// @ts-expect-error users.referral_code takes NULL
type _NullForgotten = Table<"users", { referral_code: string }>;
// @ts-expect-error a column is only narrowed, never widened
type _Widened = Table<"users", { ranking_opt_out: string }>;
// @ts-expect-error no such column
type _NoSuchColumn = Table<"users", { permision: "admin" }>;

/** Table → column → whether db/schema.generated.ts lets it hold NULL. */
function generatedSchema(): Map<string, Map<string, { nullable: boolean }>> {
  const source = ts.createSourceFile(
    GENERATED_FILE,
    readFileSync(GENERATED_FILE, "utf8"),
    ts.ScriptTarget.Latest,
  );
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });

  // Generated<T> (a column with a default) is read by T.
  const admitsNull = (type: ts.TypeNode): boolean => {
    if (ts.isLiteralTypeNode(type)) return type.literal.kind === ts.SyntaxKind.NullKeyword;
    if (ts.isUnionTypeNode(type)) return type.types.some(admitsNull);
    if (ts.isTypeReferenceNode(type) && type.typeName.getText(source) === "Generated") {
      return type.typeArguments?.[0] ? admitsNull(type.typeArguments[0]) : false;
    }
    return false;
  };

  const database = interfaces.get("DB");
  if (!database) throw new Error("db/schema.generated.ts has no DB interface");
  const tables = new Map<string, Map<string, { nullable: boolean }>>();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const shape = interfaces.get(member.type.getText(source));
    if (!shape) throw new Error(`${member.name.getText(source)}: no interface`);
    const columns = new Map<string, { nullable: boolean }>();
    for (const column of shape.members) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      columns.set(column.name.getText(source), { nullable: admitsNull(column.type) });
    }
    tables.set(member.name.getText(source), columns);
  }
  return tables;
}

const t = fileDatabase();
const relative = path.relative(process.cwd(), GENERATED_FILE);

describe(`db/schema.generated.ts against the migrated database on ${testEngine}`, () => {
  it("is what kysely-codegen generates from it, types included (MySQL only)", async ({ skip }) => {
    const location = t.location;
    skip(
      !("databaseUrl" in location),
      "generated from MySQL: TEST_MYSQL_URL is not set, npm run test:mysql runs this",
    );
    if (!("databaseUrl" in location)) return;
    const generated = await generateSchemaTypes(location.databaseUrl);
    const diff = lineDiff(readFileSync(GENERATED_FILE, "utf8"), generated);
    expect(
      diff,
      `${relative} is out of date with the migrations (- committed, + generated): run npm run db:types\n${diff.join("\n")}`,
    ).toEqual([]);
    // kysely-codegen runs as its own process: 11 to 42 s measured on a heavily loaded machine.
  }, 90_000);

  it("names the same tables and columns, with the same nullability", async () => {
    const declared = generatedSchema();
    const actual = (await t.db.kysely.introspection.getTables()).filter(
      (table) => !table.name.startsWith("kysely_migration"),
    );

    expect([...declared.keys()].sort()).toEqual(actual.map((table) => table.name).sort());
    const problems: string[] = [];
    for (const table of actual) {
      const columns = declared.get(table.name)!;
      const names = table.columns.map((c) => c.name);
      for (const name of names)
        if (!columns.has(name)) problems.push(`${table.name}.${name}: no type`);
      for (const name of columns.keys()) {
        if (!names.includes(name))
          problems.push(`${table.name}.${name}: typed, but not in the database`);
      }
      for (const column of table.columns) {
        const typed = columns.get(column.name);
        // SQLite reports a primary key without NOT NULL as nullable; it never holds NULL here.
        const nullable =
          column.isNullable && !(t.db.engine === "sqlite" && isPrimaryKey(table.name, column.name));
        if (typed && typed.nullable !== nullable) {
          problems.push(
            `${table.name}.${column.name}: the database ${nullable ? "allows" : "refuses"} NULL, the type ${typed.nullable ? "allows" : "does not allow"} it`,
          );
        }
      }
    }
    expect(problems, `${relative} differs from the ${testEngine} schema`).toEqual([]);
  });
});

const primaryKeys = new Map<string, Set<string>>();
function isPrimaryKey(table: string, column: string): boolean {
  return primaryKeys.get(table)?.has(column) ?? false;
}
beforeAll(async () => {
  if (t.db.engine !== "sqlite") return;
  const native = t.db.native;
  if (native.engine !== "sqlite") return;
  const tables = native.database
    .prepare("select name from sqlite_master where type = 'table'")
    .all() as { name: string }[];
  for (const { name } of tables) {
    const info = native.database.prepare(`pragma table_info("${name}")`).all() as {
      name: string;
      pk: number;
    }[];
    primaryKeys.set(name, new Set(info.filter((c) => c.pk > 0).map((c) => c.name)));
  }
});
