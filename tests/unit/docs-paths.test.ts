import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../helpers/source-files";

/**
 * Every repository path the docs name in code marks (`server/auth/session.ts`) exists, so the
 * map a newcomer reads is the tree they open. A path may leave off its extension (a module, as
 * imports name it) or name a folder. Written-out patterns (`YYYYMMDDHHMM_name.ts`, `*`), the
 * build's output and the running portal's data folder, which a checkout does not hold (though
 * a used one may), are not paths to check.
 */

const root = path.resolve(import.meta.dirname, "../..");
const TOP = new Set(readdirSync(root).filter((name) => !name.startsWith(".")));
const BUILD_OUTPUT = /^(build|public\/build|node_modules|data)(\/|$)/;
const PATTERN = /[*<>…{}]|YYYY|NNN/;

const markdownFiles = (dir: string) => filesUnder(dir, /\.md$/);

function exists(named: string): boolean {
  const full = path.join(root, named);
  return ["", ".ts", ".tsx", ".js", ".mjs"].some((ext) => existsSync(full + ext));
}

/** "doc: path" for each path a doc names that is not in the tree. */
function missingPaths(): string[] {
  const missing: string[] = [];
  for (const file of [path.join(root, "README.md"), ...markdownFiles(path.join(root, "docs"))]) {
    for (const [, named] of readFileSync(file, "utf8").matchAll(/`([^`\s]+)`/g)) {
      const candidate = named!.replace(/[:#].*$/, "").replace(/\/$/, "");
      if (!candidate.includes("/") || !TOP.has(candidate.split("/")[0]!)) continue;
      if (BUILD_OUTPUT.test(candidate) || PATTERN.test(candidate)) continue;
      if (!exists(candidate)) missing.push(`${path.relative(root, file)}: ${named}`);
    }
  }
  return missing;
}

describe("the docs' paths", () => {
  it("every repository path named in README.md and docs/ exists", () => {
    expect(missingPaths()).toEqual([]);
  });
});
