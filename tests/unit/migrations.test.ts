import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrations } from "#db/migrations";

const DIR = path.resolve(import.meta.dirname, "../../db/migrations");
const NAME = /^\d{12}_[a-z0-9_]+\.ts$/;

const files = readdirSync(DIR).filter(
  (f) => f.endsWith(".ts") && f !== "index.ts" && f !== "support.ts",
);

/** Every module specifier a source file imports or re-exports, static or dynamic. */
function importsOf(source: string): string[] {
  const specs = [
    ...source.matchAll(/\b(?:import|export)\b[^'"]*?\bfrom\s*["']([^"']+)["']/g),
    ...source.matchAll(/\bimport\s*["']([^"']+)["']/g),
    ...source.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g),
    ...source.matchAll(/\brequire\s*\(\s*["']([^"']+)["']\s*\)/g),
  ];
  return specs.map((m) => m[1] ?? "");
}

describe("migrations", () => {
  it("are all named YYYYMMDDHHMM_name.ts", () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file).toMatch(NAME);
    for (const file of files) {
      const stamp = file.slice(0, 12);
      const date = new Date(
        `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:00Z`,
      );
      expect(Number.isNaN(date.getTime()), `${file} has an impossible timestamp`).toBe(false);
      expect(date.toISOString().slice(0, 16).replace(/\D/g, ""), file).toBe(stamp);
    }
  });

  it("are each registered exactly once in db/migrations/index.ts", () => {
    const registered = Object.keys(migrations);
    expect([...registered].sort()).toEqual(files.map((f) => f.slice(0, -".ts".length)).sort());
  });

  it("are registered in name order, so they apply in time order", () => {
    const registered = Object.keys(migrations);
    expect(registered).toEqual([...registered].sort());
  });

  it("register the module of the same name", async () => {
    for (const [name, migration] of Object.entries(migrations)) {
      const mod = (await import(path.join(DIR, `${name}.ts`))) as Record<string, unknown>;
      expect(migration.up, name).toBe(mod.up);
      expect(typeof migration.up, name).toBe("function");
    }
  });

  it("have unique timestamps", () => {
    const stamps = files.map((f) => f.slice(0, 12));
    expect(new Set(stamps).size).toBe(stamps.length);
  });

  it("never import application code, only each other's helpers and packages", () => {
    for (const file of [...files, "support.ts"]) {
      const source = readFileSync(path.join(DIR, file), "utf8");
      for (const spec of importsOf(source)) {
        if (spec.startsWith(".") || spec.startsWith("/")) {
          const target = path.resolve(DIR, spec);
          const inside = target === DIR || target.startsWith(DIR + path.sep);
          expect(inside, `${file} imports ${spec}`).toBe(true);
        } else {
          // Packages are fine; the app's path aliases are not.
          expect(spec, `${file} imports ${spec}`).not.toMatch(/^(#|~|@\/|app\/|server\/|db\/)/);
        }
      }
    }
  });

  it("importsOf() sees the forms an import can take", () => {
    const found = importsOf(
      [
        `import { a } from "../../server/x";`,
        `import type { B } from '../schema';`,
        `export * from "#app/y";`,
        `import "./side-effect";`,
        `const m = await import("../index");`,
        `import {\n  c,\n  d,\n} from "kysely";`,
      ].join("\n"),
    );
    expect(found).toEqual([
      "../../server/x",
      "../schema",
      "#app/y",
      "kysely",
      "./side-effect",
      "../index",
    ]);
  });
});
