import type { ServerBuild } from "@remix-run/node";
import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";

/**
 * The route a request reached, as a metrics label: a Remix route id of the build or a tRPC
 * procedure of the router, never the URL (ids, tokens and a scanner's guesses would each make a
 * series of their own).
 */

/** Remix's route table as the nested tree its router matches against. */
function routeTree(routes: ServerBuild["routes"]): AgnosticRouteObject[] {
  const children = (parentId: string | undefined): AgnosticRouteObject[] =>
    Object.values(routes)
      .filter((r) => r && r.parentId === parentId)
      .map((r) =>
        r!.index
          ? { id: r!.id, index: true, path: r!.path, caseSensitive: r!.caseSensitive }
          : {
              id: r!.id,
              path: r!.path,
              caseSensitive: r!.caseSensitive,
              children: children(r!.id),
            },
      );
  return children(undefined);
}

/**
 * Labels for a build's requests: the route id a data request names when it is one of the
 * build's (`?_data=<id>`, or single fetch's `?_routes=<id>` of one fetcher), else the deepest
 * match of the page's path (a single fetch request `/a/b.data` is the page `/a/b`'s, and
 * `/_root.data` the home page's).
 */
export function remixRouteLabeller(routes: ServerBuild["routes"]) {
  const ids = new Set(Object.keys(routes));
  const tree = routeTree(routes);
  return (pathname: string, data: unknown, singleFetchRoutes?: unknown): string => {
    if (typeof data === "string") return ids.has(data) ? data : "remix:unknown";
    let page = pathname;
    if (pathname.endsWith(".data")) {
      if (typeof singleFetchRoutes === "string" && ids.has(singleFetchRoutes)) {
        return singleFetchRoutes;
      }
      page = pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length);
    }
    return matchRoutes(tree, page)?.at(-1)?.route.id ?? "remix:unmatched";
  };
}

/** `trpc:<procedure>` for one known procedure, `trpc:batch` for several, else `trpc:unknown`. */
export function trpcRouteLabeller(procedures: Iterable<string>) {
  const known = new Set(procedures);
  return (path: string): string => {
    const names = path.replace(/^\//, "").split(",");
    if (!names.every((n) => known.has(n))) return "trpc:unknown";
    return names.length === 1 ? `trpc:${names[0]}` : "trpc:batch";
  };
}
