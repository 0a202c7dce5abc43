/**
 * npm run bench:js [-- REF] — the JavaScript each member page loads, this checkout's build
 * against REF's (default HEAD) built in the same run: the entry, the root, the member layout and
 * the page's route module with every chunk they import, in bytes and Brotli bytes. Not a test:
 * it prints a row a page and exits non-zero when a page loads more Brotli bytes than at REF.
 *
 * REF is archived from git, and this checkout's files (tracked and untracked, as they are) are
 * copied, each into a scratch folder with this checkout's node_modules linked in, and built there
 * (REF must build with these packages: compare against a commit with the same lockfile).
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const REF = process.argv[2] ?? "HEAD";

interface ManifestRoute {
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  hasLoader?: boolean;
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

function manifest(root: string): Manifest {
  const dir = path.join(root, "public/build");
  const file = readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no manifest in ${dir}`);
  const text = readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest;
}

/** A route's URL (its path segments up the parents), e.g. /users/withdraw/new. */
function urlOf(m: Manifest, id: string): string {
  const parts: string[] = [];
  for (
    let r: ManifestRoute | undefined = m.routes[id];
    r;
    r = r.parentId ? m.routes[r.parentId] : undefined
  ) {
    if (r.path) parts.unshift(r.path);
  }
  return `/${parts.join("/")}`;
}

/** Bytes and Brotli bytes of the JavaScript each member page loads, by URL. */
function pageSizes(root: string): Map<string, { raw: number; br: number }> {
  const m = manifest(root);
  const sizes = new Map<string, { raw: number; br: number }>();
  const size = (url: string) => {
    const file = path.join(root, "public", url);
    return {
      raw: statSync(file).size,
      br: existsSync(`${file}.br`) ? statSync(`${file}.br`).size : 0,
    };
  };
  for (const [id, route] of Object.entries(m.routes)) {
    const url = urlOf(m, id);
    // Member pages only. Resource routes (exports, downloads) are listed too: a browser never
    // loads their module, and their row repeats their parents'.
    if (!url.startsWith("/users")) continue;
    const files = new Set([m.entry.module, ...m.entry.imports]);
    for (
      let r: ManifestRoute | undefined = route;
      r;
      r = r.parentId ? m.routes[r.parentId] : undefined
    ) {
      files.add(r.module);
      for (const chunk of r.imports ?? []) files.add(chunk);
    }
    let raw = 0;
    let br = 0;
    for (const file of files) {
      const s = size(file);
      raw += s.raw;
      br += s.br;
    }
    const key = route.index ? `${url} (index)` : url;
    sizes.set(key, { raw, br });
  }
  return sizes;
}

function build(cwd: string) {
  execFileSync("npm", ["run", "build"], { cwd, stdio: ["ignore", "ignore", "inherit"] });
}

// Both sides are built in scratch folders of the same shape: the minifier's names (and so the
// Brotli sizes, by tens of bytes) changed with the folder a build ran in.
const scratch = mkdtempSync(path.join(tmpdir(), "page-js-"));
const current = mkdtempSync(path.join(tmpdir(), "page-js-"));
try {
  execFileSync("sh", [
    "-c",
    `git -C "${ROOT}" archive --format=tar ${REF} | tar -x -C "${scratch}"`,
  ]);
  // This checkout as it is: tracked and untracked files git does not ignore.
  execFileSync("sh", [
    "-c",
    `cd "${ROOT}" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar -c -f - | tar -x -C "${current}"`,
  ]);
  for (const dir of [scratch, current]) {
    symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
    build(dir);
  }
  const before = pageSizes(scratch);
  const after = pageSizes(current);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const grew: string[] = [];
  console.log(`JavaScript per member page: ${REF} → this checkout (Brotli; raw in brackets)`);
  for (const [page, now] of [...after].sort(([a], [b]) => a.localeCompare(b))) {
    const was = before.get(page);
    const change = was ? now.br - was.br : null;
    if (change !== null && change > 0) grew.push(`${page} +${change} B`);
    console.log(
      `${page.padEnd(40)} ${was ? `${kb(was.br)} (${kb(was.raw)})` : "new".padEnd(20)} → ${kb(now.br)} (${kb(now.raw)})${change === null ? "" : ` ${change >= 0 ? "+" : ""}${change} B`}`,
    );
  }
  if (grew.length > 0) {
    console.log(`\ngrew: ${grew.join(", ")}`);
    process.exitCode = 1;
  } else {
    console.log("\nno member page loads more than it did");
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(current, { recursive: true, force: true });
}
