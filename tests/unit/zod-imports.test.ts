import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The code the browser may load (app/ outside `*.server.ts`, and server/domain, which app/
 * imports) takes zod as `import * as z from "zod"`. `import { z } from "zod"` is zod's namespace
 * object, which esbuild keeps whole once any module uses it: every page with a form then loaded
 * all of zod's locales and JSON-schema code, some 360 KB (55 KB Brotli) it never ran.
 */
const root = path.resolve(import.meta.dirname, "../..");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.tsx?$/.test(entry.name) && !/\.server\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("zod in the browser's code", () => {
  it("is imported as a namespace, never as zod's `z` object", () => {
    const offenders = [...files(path.join(root, "app")), ...files(path.join(root, "server/domain"))]
      .filter((file) =>
        /import\s*\{[^}]*\bz\b[^}]*\}\s*from\s*"zod"/.test(readFileSync(file, "utf8")),
      )
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
