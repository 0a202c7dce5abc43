import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configSchema } from "#server/config";
import { CONFIG_DOCS, configTable, defaultOf } from "#server/config-docs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const names = Object.keys(configSchema.shape).sort();
/** Variables the docs may name that the portal itself does not read. */
const NOT_READ_BY_THE_PORTAL = new Set([
  "TEST_MYSQL_URL",
  // compose.yaml's own settings, in the same .env (its section of .env.example).
  "PORTAL_DOMAIN",
  "MARIADB_PASSWORD",
  "MARIADB_ROOT_PASSWORD",
  "PORTAL_IMAGE",
]);
/** Upper-case names the docs quote that are not variables (SQL functions). */
const NOT_VARIABLES = new Set(["GET_LOCK"]);

describe("the configuration's documentation", () => {
  it("describes every variable of the schema, and only those", () => {
    expect(Object.keys(CONFIG_DOCS).sort()).toEqual(names);
  });

  it("has README's table exactly as the schema writes it (npm run docs:config)", () => {
    expect(read("README.md")).toContain(configTable());
  });

  it("lists every variable in .env.example with the schema's default, and nothing else", () => {
    const example = read(".env.example");
    const listed = [...example.matchAll(/^# ([A-Z][A-Z0-9_]+)=(.*)$/gm)];
    const listedNames = [...new Set(listed.map((m) => m[1]!))].filter(
      (n) => !NOT_READ_BY_THE_PORTAL.has(n),
    );
    expect(listedNames.sort()).toEqual(names);
    for (const [, name, value] of listed) {
      if (NOT_READ_BY_THE_PORTAL.has(name!) || value === "") continue;
      const shown = defaultOf(name as keyof typeof CONFIG_DOCS);
      // A variable with a plain default shows that default; the others show an example.
      if (/^`[^`]*`$/.test(shown) && !["DATABASE_URL", "DATABASE_READ_URL"].includes(name!)) {
        expect(`${name}=\`${value}\``).toBe(`${name}=${shown}`);
      }
    }
  });

  it("names no variable in README or docs/ that the schema does not have", () => {
    const texts = ["README.md", "docs/operations.md", "Dockerfile", ".env.example"].map(read);
    const mentioned = new Set<string>();
    for (const text of texts) {
      for (const m of text.matchAll(/`([A-Z][A-Z0-9]*_[A-Z0-9_]+)(?:=[^`]*)?`/g))
        mentioned.add(m[1]!);
      for (const m of text.matchAll(/(?:-e |ENV |^# )([A-Z][A-Z0-9]*_[A-Z0-9_]+)=/gm))
        mentioned.add(m[1]!);
    }
    const known = new Set([...names, ...NOT_READ_BY_THE_PORTAL]);
    // Names of other programs' settings the docs quote (Galera, HAProxy, the kits' ports).
    const foreign = [...mentioned].filter(
      (n) =>
        !known.has(n) &&
        !NOT_VARIABLES.has(n) &&
        !/^(CLUSTER_|UPGRADE_|GALERA_|WSREP_|BENCH_|E2E_|CI_|LINE_STANDIN_|IMAGE_)/.test(n),
    );
    expect(foreign).toEqual([]);
  });
});
