import { execFileSync } from "node:child_process";
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

interface ManifestNode {
  id: string;
  path?: string;
  file: string;
  index?: boolean;
  children?: ManifestNode[];
}

let cached: RouteEntry[] | undefined;

/**
 * Every route of the build's configuration, asked of Remix itself (`remix routes --json`), so a
 * test that walks the pages walks exactly what the portal serves, however the files are laid out.
 */
export function routeEntries(): RouteEntry[] {
  if (cached) return cached;
  const json = execFileSync(path.resolve("node_modules/.bin/remix"), ["routes", "--json"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
    timeout: 60_000,
  });
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
  walk(JSON.parse(json) as ManifestNode[], []);
  cached = entries;
  return entries;
}
