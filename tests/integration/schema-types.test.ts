import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";

/**
 * db/schema.ts is written by hand; this checks it against what the migrations really build on
 * a fresh database: the same tables, the same columns, and the same columns allowing NULL. A
 * migration whose types were forgotten (or a type for a column no migration creates) fails here.
 */

interface TypedColumn {
  nullable: boolean;
}

/** Table → column → what db/schema.ts says, read with the TypeScript parser. */
function declaredSchema(): Map<string, Map<string, TypedColumn>> {
  const file = path.resolve(import.meta.dirname, "../../db/schema.ts");
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeNode>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
    if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, node.type);
  });

  // Whether a type admits null, following local aliases; ColumnType<S, I, U> is read by S.
  const admitsNull = (type: ts.TypeNode): boolean => {
    if (ts.isLiteralTypeNode(type)) return type.literal.kind === ts.SyntaxKind.NullKeyword;
    if (ts.isUnionTypeNode(type)) return type.types.some(admitsNull);
    if (ts.isParenthesizedTypeNode(type)) return admitsNull(type.type);
    if (ts.isTypeReferenceNode(type)) {
      const name = type.typeName.getText(source);
      if ((name === "ColumnType" || name === "Generated") && type.typeArguments?.[0]) {
        return admitsNull(type.typeArguments[0]);
      }
      const alias = aliases.get(name);
      return alias ? admitsNull(alias) : false;
    }
    return false;
  };

  const database = interfaces.get("Database");
  if (!database) throw new Error("db/schema.ts has no Database interface");
  const tables = new Map<string, Map<string, TypedColumn>>();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const table = member.name.getText(source);
    const typeName = member.type.getText(source);
    const shape = interfaces.get(typeName);
    if (!shape) throw new Error(`${table}: ${typeName} is not an interface in db/schema.ts`);
    const columns = new Map<string, TypedColumn>();
    for (const column of shape.members) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      columns.set(column.name.getText(source), { nullable: admitsNull(column.type) });
    }
    tables.set(table, columns);
  }
  return tables;
}

const t = fileDatabase();

describe(`db/schema.ts against the migrated database on ${testEngine}`, () => {
  it("names the same tables and columns, with the same nullability", async () => {
    const declared = declaredSchema();
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
    expect(problems).toEqual([]);
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
