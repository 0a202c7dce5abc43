// The production image's node_modules holds what the server loads and nothing else:
//   node scripts/runtime-deps.mjs [--remove] [APP_DIR]
// From APP_DIR/package.json's `dependencies` it follows every installed package's
// `dependencies`, `optionalDependencies` and required `peerDependencies` the way Node resolves
// them, and lists what else node_modules holds: packages only the dev tools need (npm prune
// keeps some, e.g. TypeScript as an optional peer of Remix and tRPC), type packages (never loaded
// at run time, even when a production package lists one), the native modules' compile
// leftovers, and the packages' type declarations, TypeScript sources and source maps. Without --remove it exits 1 when there is any; with --remove it deletes them and
// then checks again. The Dockerfile's build stage runs it with --remove, .ci/run and a unit test
// run the check on a pruned folder.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";

/** What a native module's build leaves beside its binary: only `keep` is loaded at run time. */
const COMPILE_LEFTOVERS = {
  "better-sqlite3": {
    remove: ["deps", "src", "binding.gyp"],
    build: "build",
    keep: "build/Release/better_sqlite3.node",
  },
};

/**
 * Files only compilers and debuggers read: TypeScript sources and declarations, and source maps
 * (the server's own maps in build/ stay; these are the packages').
 */
const COMPILER_FILE = /\.(?:[cm]?tsx?|(?:[cm]?js|css|d\.[cm]?ts)\.map)$/;

const isTypesOnly = (name) => name === "typescript" || name.startsWith("@types/");

function readJson(file) {
  return JSON.parse(readFileSync(file, "utf8"));
}

/** Every installed package folder under `dir`, nested node_modules included. */
export function installedPackages(dir) {
  const found = [];
  const visit = (modules) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || !entry.isDirectory()) continue;
      const names = entry.name.startsWith("@")
        ? readdirSync(path.join(modules, entry.name)).map((n) => `${entry.name}/${n}`)
        : [entry.name];
      for (const name of names) {
        const folder = path.join(modules, name);
        if (!existsSync(path.join(folder, "package.json"))) continue;
        found.push({ name, folder });
        visit(path.join(folder, "node_modules"));
      }
    }
  };
  visit(path.join(dir, "node_modules"));
  return found;
}

/** The folder Node loads `name` from when `from` requires it, or null when it is not installed. */
function resolveFrom(appDir, from, name) {
  let dir = from;
  for (;;) {
    const candidate = path.join(dir, "node_modules", name);
    if (existsSync(path.join(candidate, "package.json"))) return candidate;
    if (path.resolve(dir) === path.resolve(appDir)) return null;
    // Up to the folder holding the node_modules this package sits in.
    const parent = path.dirname(dir);
    dir = path.basename(parent).startsWith("@")
      ? path.dirname(path.dirname(parent))
      : path.dirname(parent);
  }
}

/** The package folders the app's `dependencies` reach. */
export function runtimeClosure(appDir) {
  const needed = new Set();
  const queue = [[path.resolve(appDir), readJson(path.join(appDir, "package.json"))]];
  while (queue.length) {
    const [folder, manifest] = queue.pop();
    const optionalPeers = manifest.peerDependenciesMeta ?? {};
    const names = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}).filter((n) => !optionalPeers[n]?.optional),
    ];
    for (const name of names) {
      if (isTypesOnly(name)) continue;
      const target = resolveFrom(appDir, folder, name);
      if (!target || needed.has(target)) continue;
      needed.add(target);
      queue.push([target, readJson(path.join(target, "package.json"))]);
    }
  }
  return needed;
}

/** What node_modules holds beyond the run time's needs: packages and leftover paths. */
export function extras(appDir) {
  const needed = runtimeClosure(appDir);
  const packages = installedPackages(appDir).filter(
    (p) => isTypesOnly(p.name) || !needed.has(path.resolve(p.folder)),
  );
  const leftovers = [];
  for (const p of installedPackages(appDir)) {
    const rule = COMPILE_LEFTOVERS[p.name];
    if (!rule) continue;
    for (const rel of rule.remove) {
      if (existsSync(path.join(p.folder, rel))) leftovers.push(path.join(p.folder, rel));
    }
    const keep = path.join(p.folder, rule.keep);
    const walk = (dir) => {
      if (!existsSync(dir)) return;
      for (const entry of readdirSync(dir)) {
        const file = path.join(dir, entry);
        if (file === keep) continue;
        if (statSync(file).isDirectory() && keep.startsWith(file + path.sep)) walk(file);
        else leftovers.push(file);
      }
    };
    walk(path.join(p.folder, rule.build));
  }
  const compilerFiles = [];
  const walkFiles = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walkFiles(file);
      else if (COMPILER_FILE.test(entry.name)) compilerFiles.push(file);
    }
  };
  if (existsSync(path.join(appDir, "node_modules"))) walkFiles(path.join(appDir, "node_modules"));
  return { packages, leftovers, compilerFiles };
}

function main(args) {
  const remove = args.includes("--remove");
  const appDir = args.find((a) => !a.startsWith("--")) ?? ".";
  let found = extras(appDir);
  if (remove) {
    for (const p of found.packages) rmSync(p.folder, { recursive: true, force: true });
    for (const file of [...found.leftovers, ...found.compilerFiles])
      rmSync(file, { recursive: true, force: true });
    console.log(
      `removed ${found.packages.length} packages the run time does not load, ${found.leftovers.length} compile leftovers and ${found.compilerFiles.length} type declarations, TypeScript sources and source maps`,
    );
    found = extras(appDir);
  }
  const count = found.packages.length + found.leftovers.length + found.compilerFiles.length;
  if (count === 0) {
    console.log(`${path.join(appDir, "node_modules")}: only what the run time loads`);
    return 0;
  }
  for (const p of found.packages) console.error(`not needed at run time: ${p.name} (${p.folder})`);
  for (const file of found.leftovers) console.error(`compile leftover: ${file}`);
  if (found.compilerFiles.length)
    console.error(
      `${found.compilerFiles.length} type declarations, TypeScript sources or source maps, e.g. ${found.compilerFiles.slice(0, 3).join(", ")}`,
    );
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
