import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * Every file below `dir` whose name matches `name` (TypeScript sources unless told), without
 * those whose name matches `skip`, as full paths in a stable order: the checks over the sources
 * read the tree with it.
 */
export function filesUnder(dir: string, name = /\.tsx?$/, skip?: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && name.test(entry.name) && !skip?.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
