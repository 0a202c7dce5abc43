import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** One route as Remix reads remix.config.js, with its whole URL. */
export interface RouteEntry {
  id: string;
  /** The route module, from the repository's root (`app/routes/users+/bank+/route.tsx`). */
  file: string;
  /** The URL with `:param` for each dynamic segment and `*` for a splat (`/admin/eas/:id`). */
  pattern: string;
  /** An index route: a POST reaches its action only with `?index` (else its parent's). */
  index: boolean;
  /** It renders an `<Outlet>` for routes under it. */
  hasChildren: boolean;
}

/** One route of `remix routes --json`: its id, its path below its parent's, its module. */
export interface ManifestNode {
  id: string;
  path?: string;
  file: string;
  index?: boolean;
  children?: ManifestNode[];
}

let cached: RouteEntry[] | undefined;
let cachedTree: ManifestNode[] | undefined;

/**
 * What the route tree is made from: remix.config.js and the names of the files under app/
 * (flatRoutes reads names, never contents).
 */
function treeFingerprint(): string {
  const hash = createHash("sha256").update(readFileSync("remix.config.js"));
  for (const entry of readdirSync("app", { recursive: true, withFileTypes: true })) {
    hash.update(path.join(entry.parentPath, entry.name)).update("\n");
  }
  return hash.digest("hex").slice(0, 12);
}

/**
 * The routes as Remix nests them (the root first), asked of Remix itself. Asking takes 3–8 s
 * (the CLI loads the compiler), so the answer is kept in a temporary file per fingerprint.
 */
export function routeTree(): ManifestNode[] {
  if (cachedTree) return cachedTree;
  const file = path.join(tmpdir(), `portal-routes-${treeFingerprint()}.json`);
  if (!existsSync(file)) {
    const json = execFileSync(path.resolve("node_modules/.bin/remix"), ["routes", "--json"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 60_000,
    });
    JSON.parse(json);
    // Written whole under another name first: a file running beside this one never reads half.
    writeFileSync(`${file}.${process.pid}`, json);
    renameSync(`${file}.${process.pid}`, file);
  }
  cachedTree = JSON.parse(readFileSync(file, "utf8")) as ManifestNode[];
  return cachedTree;
}

/**
 * Every route of the build's configuration, asked of Remix itself (`remix routes --json`), so a
 * test that walks the pages walks exactly what the portal serves, however the files are laid out.
 */
export function routeEntries(): RouteEntry[] {
  if (cached) return cached;
  const entries: RouteEntry[] = [];
  const walk = (nodes: ManifestNode[], parent: string[]) => {
    for (const node of nodes) {
      const segments = [...parent, ...(node.path ? node.path.split("/") : [])];
      if (node.id !== "root") {
        entries.push({
          id: node.id,
          file: path.join("app", node.file),
          pattern: `/${segments.join("/")}`,
          index: node.index === true,
          hasChildren: (node.children?.length ?? 0) > 0,
        });
      }
      walk(node.children ?? [], segments);
    }
  };
  walk(routeTree(), []);
  cached = entries;
  return entries;
}
