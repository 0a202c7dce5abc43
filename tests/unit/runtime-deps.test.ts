import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { extras } from "../../scripts/runtime-deps.mjs";

type Found = {
  packages: { name: string; folder: string }[];
  leftovers: string[];
  compilerFiles: string[];
};

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A package folder with a manifest, at `at` (a path of node_modules segments). */
function pkg(at: string, manifest: Record<string, unknown>, files: string[] = []) {
  const folder = path.join(dir, at);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "package.json"), JSON.stringify(manifest));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), "");
  }
}

/** An app as npm prune leaves it: production packages and what prune keeps beside them. */
function prunedApp() {
  dir = mkdtempSync(path.join(tmpdir(), "runtime-deps-"));
  pkg(".", {
    dependencies: { server: "1", "better-sqlite3": "12", "@types/qrcode": "1" },
    devDependencies: { vitest: "4" },
  });
  pkg(
    "node_modules/server",
    {
      dependencies: { helper: "2", "@types/node": "20" },
      optionalDependencies: { native: "1" },
      peerDependencies: { typescript: "5", react: "18" },
      peerDependenciesMeta: { typescript: { optional: true } },
    },
    ["index.js", "index.d.ts", "index.js.map", "src/index.ts"],
  );
  // Two versions of helper: the nested one is what server loads.
  pkg("node_modules/server/node_modules/helper", {}, ["index.js"]);
  pkg("node_modules/helper", {});
  pkg("node_modules/native", {});
  pkg("node_modules/react", {});
  pkg("node_modules/@types/node", {});
  pkg("node_modules/@types/qrcode", {});
  pkg("node_modules/typescript", {});
  pkg("node_modules/vitest", {});
  pkg("node_modules/better-sqlite3", {}, [
    "lib/index.js",
    "deps/sqlite3/sqlite3.c",
    "src/better_sqlite3.cpp",
    "binding.gyp",
    "build/Makefile",
    "build/Release/better_sqlite3.node",
    "build/Release/obj.target/better_sqlite3.o",
    "build/Release/test_extension.node",
  ]);
}

describe("runtime-deps.mjs", () => {
  it("finds dev packages, type packages, compile leftovers and compiler files", () => {
    prunedApp();
    const found = extras(dir) as Found;
    expect(found.packages.map((p) => path.relative(dir, p.folder)).sort()).toEqual([
      "node_modules/@types/node",
      "node_modules/@types/qrcode",
      "node_modules/helper",
      "node_modules/typescript",
      "node_modules/vitest",
    ]);
    expect(found.leftovers.map((f) => path.relative(dir, f)).sort()).toEqual([
      "node_modules/better-sqlite3/binding.gyp",
      "node_modules/better-sqlite3/build/Makefile",
      "node_modules/better-sqlite3/build/Release/obj.target",
      "node_modules/better-sqlite3/build/Release/test_extension.node",
      "node_modules/better-sqlite3/deps",
      "node_modules/better-sqlite3/src",
    ]);
    expect(found.compilerFiles.map((f) => path.relative(dir, f)).sort()).toEqual([
      "node_modules/server/index.d.ts",
      "node_modules/server/index.js.map",
      "node_modules/server/src/index.ts",
    ]);
  });

  it("--remove leaves what the server loads, and the check then passes", async () => {
    prunedApp();
    const { execFileSync } = await import("node:child_process");
    const script = path.resolve(import.meta.dirname, "../../scripts/runtime-deps.mjs");
    expect(() => execFileSync(process.execPath, [script, dir], { stdio: "pipe" })).toThrow();
    execFileSync(process.execPath, [script, "--remove", dir], { stdio: "pipe" });
    execFileSync(process.execPath, [script, dir], { stdio: "pipe" });
    const kept = (f: string) => existsSync(path.join(dir, "node_modules", f));
    expect(kept("server/index.js")).toBe(true);
    expect(kept("server/node_modules/helper/index.js")).toBe(true);
    expect(kept("native/package.json")).toBe(true);
    expect(kept("react/package.json")).toBe(true);
    expect(kept("better-sqlite3/build/Release/better_sqlite3.node")).toBe(true);
    expect(kept("better-sqlite3/lib/index.js")).toBe(true);
    expect(kept("typescript")).toBe(false);
    expect(kept("vitest")).toBe(false);
    expect(kept("better-sqlite3/deps")).toBe(false);
  });
});
