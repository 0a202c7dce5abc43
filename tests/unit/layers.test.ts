import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../helpers/source-files";

const root = path.resolve(import.meta.dirname, "../..");

/** The rule messages ESLint gives a made-up file at that path. */
async function ruleIds(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

const BOUNDARY = "@typescript-eslint/no-restricted-imports";

/** package.json's `imports`: the aliases an import names another top-level folder by. */
const ALIASES = Object.entries(
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).imports as Record<
    string,
    string
  >,
);

/**
 * The repository path (from the root, without extension) an import names, relative or through
 * an alias; null for a package.
 */
function targetOf(file: string, specifier: string): string | null {
  if (specifier.startsWith(".")) {
    return path.relative(root, path.resolve(path.dirname(file), specifier));
  }
  for (const [key, value] of ALIASES) {
    const wildcard = key.endsWith("/*");
    const prefix = wildcard ? key.slice(0, -1) : key;
    if (wildcard ? !specifier.startsWith(prefix) : specifier !== key) continue;
    const mapped = wildcard ? value.slice(0, -1) + specifier.slice(prefix.length) : value;
    return path.normalize(mapped).replace(/(\/index)?\.tsx?$/, "");
  }
  return null;
}

const sourceFiles = (dir: string) => filesUnder(dir);

/** Whether an import or export brings in only types (`import type`, or every name `type`). */
function typeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const names = node.exportClause;
    return !!names && ts.isNamedExports(names) && names.elements.every((e) => e.isTypeOnly);
  }
  const clause = node.importClause;
  if (!clause) return false; // a bare `import "x"` runs x
  if (clause.isTypeOnly) return true;
  const names = clause.namedBindings;
  return (
    !clause.name &&
    !!names &&
    ts.isNamedImports(names) &&
    names.elements.length > 0 &&
    names.elements.every((e) => e.isTypeOnly)
  );
}

/**
 * Every import in app/ that runs code of server/, bot/ or db/ outside server/domain, as
 * "file -> target" (paths from the repository's root). Types are free to come from anywhere.
 */
function boundaryCrossings(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(path.join(root, "app"))) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
    for (const node of source.statements) {
      if (!ts.isImportDeclaration(node) && !ts.isExportDeclaration(node)) continue;
      const specifier = node.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier) || typeOnly(node)) continue;
      const target = targetOf(file, specifier.text);
      if (
        target &&
        /^(server|bot|db)(\/|$)/.test(target) &&
        !/^server\/domain(\/|$)/.test(target)
      ) {
        found.push(`${path.relative(root, file)} -> ${target}`);
      }
    }
  }
  return found;
}

/**
 * Every import or export (types included) of a file under `dirs` whose target matches
 * `forbidden`, as "file -> target"; `exempt` files (paths from the root) are skipped.
 */
function reverseArrows(dirs: string[], forbidden: RegExp, exempt: RegExp): string[] {
  const found: string[] = [];
  for (const file of dirs.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    if (exempt.test(path.relative(root, file))) continue;
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
    for (const node of source.statements) {
      if (!ts.isImportDeclaration(node) && !ts.isExportDeclaration(node)) continue;
      const specifier = node.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const target = targetOf(file, specifier.text);
      if (target && forbidden.test(target)) found.push(`${path.relative(root, file)} -> ${target}`);
    }
  }
  return found;
}

describe("layers", () => {
  it("an import that leaves its top-level folder names the folder's alias", async () => {
    const climbing = 'import { nowDb } from "../../../db/time";\nexport const x = nowDb;\n';
    expect(await ruleIds("server/features/probe/service.ts", climbing)).toContain(
      "no-restricted-imports",
    );
    const aliased = 'import { nowDb } from "#db/time";\nexport const x = nowDb;\n';
    expect(await ruleIds("server/features/probe/service.ts", aliased)).toEqual([]);
    const fromTests =
      'import { toLanguage } from "../../server/domain/language";\nexport const x = toLanguage;\n';
    expect(await ruleIds("tests/unit/probe.test.ts", fromTests)).toContain("no-restricted-imports");
    const fromApp =
      'import { safeRedirect } from "../../../server/domain/redirect";\nexport const x = safeRedirect;\n';
    expect(await ruleIds("app/routes/users+/probe.ts", fromApp)).toContain(BOUNDARY);
    const twoNames =
      'import { toLanguage } from "#server/domain/language";\nexport const x = toLanguage;\n';
    expect(await ruleIds("tests/unit/probe.test.ts", twoNames)).toContain("no-restricted-imports");
    // Inside a folder, relative paths.
    const inside = 'import { logger } from "../../logger";\nexport const x = logger;\n';
    expect(await ruleIds("server/features/probe/service.ts", inside)).toEqual([]);
  });

  it("every alias resolves to a folder of the repository", () => {
    expect(targetOf(path.join(root, "app/x.ts"), "#db")).toBe("db");
    expect(targetOf(path.join(root, "app/x.ts"), "#domain/redirect")).toBe(
      "server/domain/redirect",
    );
    for (const [, value] of ALIASES) {
      expect(existsSync(path.join(root, value.replace(/\*$/, "")))).toBe(true);
    }
  });

  it("server/, bot/ and db/ may not import app/", async () => {
    const code = 'import { toLanguage } from "#app/i18n";\nexport const x = toLanguage;\n';
    expect(await ruleIds("server/lib/probe.ts", code)).toContain("no-restricted-imports");
    expect(await ruleIds("bot/probe.ts", code)).toContain("no-restricted-imports");
    expect(await ruleIds("db/probe.ts", code)).toContain("no-restricted-imports");
    expect(await ruleIds("tools/probe.ts", code)).toEqual([]);
  });

  it("server/domain is where shared code goes, and app/ may import it", async () => {
    const code = 'import { toLanguage } from "#domain/language";\nexport const x = toLanguage;\n';
    expect(await ruleIds("app/probe.ts", code)).toEqual([]);
    expect(await ruleIds("app/routes/users+/probe.ts", code)).toEqual([]);
  });

  it("app/ may not run code of server/ outside server/domain, nor of bot/ or db/", async () => {
    const csv = 'import { toCsv } from "#server/lib/csv";\nexport const x = toCsv;\n';
    expect(await ruleIds("app/lib/probe.server.ts", csv)).toContain(BOUNDARY);
    const schema =
      'import { brokerInput } from "#server/features/brokers/schema";\nexport const x = brokerInput;\n';
    expect(await ruleIds("app/routes/users+/probe.tsx", schema)).toContain(BOUNDARY);
    // A type named inline beside a value is still a value import.
    const mixed =
      'import { type CsvCell, toCsv } from "#server/lib/csv";\nexport const x: CsvCell = toCsv.name;\n';
    expect(await ruleIds("app/probe.ts", mixed)).toContain(BOUNDARY);
    const bare = 'import "#server/logger";\n';
    expect(await ruleIds("app/probe.ts", bare)).toContain(BOUNDARY);
    const bot = 'import { start } from "#bot/index";\nexport const x = start;\n';
    expect(await ruleIds("app/probe.ts", bot)).toContain(BOUNDARY);
    const db =
      'import { type Db } from "#db";\nimport { nowDb } from "#db/time";\nexport const x: [Db?, unknown] = [undefined, nowDb];\n';
    expect(await ruleIds("app/probe.ts", db)).toContain(BOUNDARY);
  });

  it("app/ may import types from anywhere in server/", async () => {
    const code =
      'import type { Caller } from "#server/trpc/router";\nimport { type Logger } from "#server/logger";\nexport type X = [Caller, Logger];\n';
    expect(await ruleIds("app/probe.ts", code)).toEqual([]);
  });

  it("no file in app/ runs code of server/ outside server/domain, of bot/ or of db/", () => {
    expect(boundaryCrossings()).toEqual([]);
  });

  it("core (server/auth, server/lib, server/trpc) may not import a feature; the router mounts them", async () => {
    const code =
      'import { unshownGoals } from "#server/features/marathon/service";\nexport const x = unshownGoals;\n';
    expect(await ruleIds("server/auth/probe.ts", code)).toContain("no-restricted-imports");
    expect(await ruleIds("server/trpc/probe.ts", code)).toContain("no-restricted-imports");
    expect(await ruleIds("server/lib/probe.ts", code)).toContain("no-restricted-imports");
    const relative =
      'import { unshownGoals } from "../features/marathon/service";\nexport const x = unshownGoals;\n';
    expect(await ruleIds("server/auth/probe.ts", relative)).toContain("no-restricted-imports");
    const typeOnlyImport =
      'import type { Marathon } from "../../features/marathon/schema";\nexport type X = Marathon;\n';
    expect(await ruleIds("server/lib/deep/probe.ts", typeOnlyImport)).toContain(
      "no-restricted-imports",
    );
    expect(await ruleIds("server/trpc/router.ts", relative)).not.toContain("no-restricted-imports");
  });

  it("db/ may not import the server beyond server/domain and server/version", async () => {
    const metrics = 'import { registry } from "#server/metrics";\nexport const x = registry;\n';
    expect(await ruleIds("db/probe.ts", metrics)).toContain("no-restricted-imports");
    const feature =
      'import { unshownGoals } from "#server/features/marathon/service";\nexport const x = unshownGoals;\n';
    expect(await ruleIds("db/schema/probe.ts", feature)).toContain("no-restricted-imports");
    const bot = 'import { createBot } from "#bot/worker";\nexport const x = createBot;\n';
    expect(await ruleIds("db/probe.ts", bot)).toContain("no-restricted-imports");
    const allowed =
      'import { toDbTime } from "#domain/tokyo";\nimport { VERSION } from "#server/version";\nexport const x = [toDbTime, VERSION];\n';
    expect(await ruleIds("db/probe.ts", allowed)).toEqual([]);
  });

  it("no core file imports a feature, and no database file imports the server", () => {
    expect(
      reverseArrows(
        ["server/auth", "server/lib", "server/trpc"],
        /^server\/features(\/|$)/,
        /^server\/trpc\/router\.ts$/,
      ),
    ).toEqual([]);
    // The demo seed and the command line live in tools/, above every layer: db/ has no exception.
    expect(
      reverseArrows(["db"], /^(bot|app|server(?!\/domain(\/|$)|\/version$))(\/|$)/, /^$/),
    ).toEqual([]);
  });

  it("the scans read aliased imports", () => {
    expect(targetOf(path.join(root, "server/auth/x.ts"), "#server/features/marathon/service")).toBe(
      "server/features/marathon/service",
    );
    expect(targetOf(path.join(root, "db/x.ts"), "#app/i18n")).toBe("app/i18n");
    expect(targetOf(path.join(root, "db/x.ts"), "kysely")).toBeNull();
  });
});
