import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { filesUnder } from "../helpers/source-files";

/**
 * The modules of server/ and db/ that app/ imports outside `*.server.ts` end up in the browser
 * bundle, where Node's globals do not exist: loading one must not touch them. (A `Buffer` made
 * at the top of db/id.ts, reached through the input schemas, stopped every page with a form from
 * hydrating, and only the browser tests noticed.)
 */
const root = path.resolve(import.meta.dirname, "../..");

const appFiles = (dir: string) => filesUnder(dir, /\.tsx?$/, /\.server\.tsx?$/);

/** Value imports (not `import type`) from app/ into server/ or db/, as absolute paths. */
function sharedModules(): string[] {
  const found = new Set<string>();
  const importRe = /import\s+(type\s+)?[^;]*?from\s+"((?:\.|#server\/|#domain\/|#db)[^"]*)"/g;
  for (const file of appFiles(path.join(root, "app"))) {
    for (const match of readFileSync(file, "utf8").matchAll(importRe)) {
      if (match[1]) continue;
      const specifier = match[2]!
        .replace(/^#domain\//, `${root}/server/domain/`)
        .replace(/^#server\//, `${root}/server/`)
        .replace(/^#db/, `${root}/db`);
      const target = path.resolve(path.dirname(file), specifier);
      const relative = path.relative(root, target);
      if (/^(server|db)\//.test(relative)) found.add(target);
    }
  }
  return [...found].sort();
}

describe("server code the browser loads", () => {
  const modules = sharedModules();
  const saved = globalThis.Buffer;

  beforeAll(() => {
    // @ts-expect-error the browser has no Buffer
    delete globalThis.Buffer;
  });
  afterAll(() => {
    globalThis.Buffer = saved;
  });

  it("is found (the account schemas are among it)", () => {
    expect(modules.map((m) => path.relative(root, m))).toContain("server/domain/account");
  });

  it.each(modules.map((m) => [path.relative(root, m), m]))(
    "%s loads without Node's Buffer",
    async (_name, file) => {
      vi.resetModules();
      await expect(import(file)).resolves.toBeDefined();
    },
  );
});

/**
 * The code the browser may load (app/ outside `*.server.ts`, and server/domain, which app/
 * imports) takes zod as `import * as z from "zod"`. `import { z } from "zod"` is zod's namespace
 * object, which esbuild keeps whole once any module uses it: every page with a form then loaded
 * all of zod's locales and JSON-schema code, some 360 KB (55 KB Brotli) it never ran.
 */
describe("zod in the browser's code", () => {
  it("is imported as a namespace, never as zod's `z` object", () => {
    const offenders = [
      ...appFiles(path.join(root, "app")),
      ...appFiles(path.join(root, "server/domain")),
    ]
      .filter((file) =>
        /import\s*\{[^}]*\bz\b[^}]*\}\s*from\s*"zod"/.test(readFileSync(file, "utf8")),
      )
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});

/**
 * Browser code takes each Heroicon from its own module (`@heroicons/react/20/solid/TrashIcon`),
 * never from a set's index. With code splitting, esbuild counts every icon the index re-exports
 * and some page uses as reached by each entry that imports the index; the shell's menus do, so
 * the shell chunk every page loads carried the icons of the whole app (about 1.6 KB Brotli on
 * the ranking, 240 KB of the build's scripts).
 */
describe("icons in the browser's code", () => {
  it("are imported one module each, never from a set's index", () => {
    const offenders = appFiles(path.join(root, "app"))
      .filter((file) =>
        /from\s*"@heroicons\/react\/\d+\/(solid|outline)"/.test(readFileSync(file, "utf8")),
      )
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
