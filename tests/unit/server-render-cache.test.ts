import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { EntryContext } from "@remix-run/node";
import { Outlet, RemixServer, useParams } from "@remix-run/react";
import {
  type AgnosticDataRouteObject,
  createStaticHandler,
  type StaticHandlerContext,
} from "@remix-run/router";
import { createElement, useContext } from "react";
import type * as StaticServer from "react-router-dom/server";
import { renderToString } from "react-dom/server";
import { UNSAFE_DataRouterContext, type RouteObject } from "react-router-dom";
import { describe, expect, it } from "vitest";

/*
 * The server's copies of @remix-run/react and react-router-dom are patched (patches/,
 * decision 036) to make the render's route objects once per build instead of per request.
 * These check that the patched files are the ones Node loads, that pages still render their
 * own route, params and 404 from the shared routes, and that a changed route module or
 * another routes array is not served from the cache.
 */
const require = createRequire(import.meta.url);
// The copy Node loads (server.js): an `import` here would resolve to server.mjs.
const { createStaticRouter } = require("react-router-dom/server") as typeof StaticServer;

const TABLE: AgnosticDataRouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "routes/a", path: "a" },
      { id: "routes/b", path: "b/:id" },
    ],
  },
];

const manifestRoute = (id: string, path: string, parentId?: string) => ({
  id,
  path,
  parentId,
  module: `/${id}.js`,
  imports: [],
  hasAction: false,
  hasLoader: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasErrorBoundary: false,
});

const MANIFEST = {
  entry: { module: "/entry.js", imports: [] },
  routes: {
    root: manifestRoute("root", ""),
    "routes/a": manifestRoute("routes/a", "a", "root"),
    "routes/b": manifestRoute("routes/b", "b/:id", "root"),
  },
  url: "/manifest.js",
  version: "1",
} as unknown as EntryContext["manifest"];

/** The route tables each render gave React Router, in render order. */
const seenTables: unknown[] = [];

function Root() {
  seenTables.push(useContext(UNSAFE_DataRouterContext)?.router.routes);
  return createElement("div", { id: "root" }, createElement(Outlet));
}
const pageA = () => "page a";
function PageB() {
  return `page b ${useParams().id}`;
}
const MODULES = {
  root: { default: Root },
  "routes/a": { default: pageA },
  "routes/b": { default: PageB },
};

const FUTURE = {
  v3_fetcherPersist: false,
  v3_relativeSplatPath: false,
  v3_throwAbortReason: false,
  v3_singleFetch: false,
  v3_lazyRouteDiscovery: false,
  v3_routeConfig: false,
  unstable_optimizeDeps: false,
};

async function render(path: string, routeModules: Record<string, unknown> = { ...MODULES }) {
  const context = (await createStaticHandler(TABLE).query(
    new Request(`http://localhost${path}`),
  )) as StaticHandlerContext;
  const entry = {
    manifest: MANIFEST,
    // A new object with the same modules on every request, as @remix-run/server-runtime does.
    routeModules,
    staticHandlerContext: context,
    serverHandoffString: "{}",
    future: FUTURE,
    isSpaMode: false,
    serializeError: (error: Error) => ({ message: error.message, stack: undefined }),
  } as unknown as EntryContext;
  return renderToString(
    createElement(RemixServer, { context: entry, url: `http://localhost${path}` }),
  );
}

describe("server render with the patched Remix and React Router", () => {
  it("runs on the patched copies (npm install applies patches/ through patch-package)", () => {
    expect(readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8")).toContain(
      "function serverRoutesFor(",
    );
    expect(readFileSync(require.resolve("react-router-dom/server"), "utf8")).toContain(
      "function dataRoutesFor(",
    );
  });

  it("renders each request's own route and params from the shared route objects", async () => {
    seenTables.length = 0;
    expect(await render("/a")).toContain("page a");
    expect(await render("/b/7")).toContain("page b 7");
    expect(await render("/b/8")).toContain("page b 8");
    expect(await render("/a")).toContain("page a");
    expect(seenTables).toHaveLength(4);
    expect(new Set(seenTables).size).toBe(1);
  });

  it("still renders the 404 of a path no route matches", async () => {
    const html = await render("/nowhere");
    expect(html).toContain("404");
    expect(html).not.toContain("page a");
  });

  it("makes the routes again when a route's module changed", async () => {
    seenTables.length = 0;
    await render("/a");
    const html = await render("/a", { ...MODULES, "routes/a": { default: () => "new page a" } });
    expect(html).toContain("new page a");
    expect(seenTables[1]).not.toBe(seenTables[0]);
    expect(await render("/a")).toContain("page a");
  });

  it("converts a routes array once", async () => {
    const routes: RouteObject[] = [{ id: "root", path: "", children: [{ id: "a", path: "a" }] }];
    const context = (await createStaticHandler(routes as AgnosticDataRouteObject[]).query(
      new Request("http://localhost/a"),
    )) as StaticHandlerContext;
    const first = createStaticRouter(routes, context);
    const second = createStaticRouter(routes, context);
    expect(second.routes).toBe(first.routes);
    expect(second.state.matches.map((m) => m.route)).toEqual(
      first.state.matches.map((m) => m.route),
    );
    expect(second.state.matches[1]!.route).toBe(first.routes[0]!.children![0]);
    // Another array (a new build's routes) is converted on its own.
    const next = structuredClone(routes);
    expect(createStaticRouter(next, context).routes).not.toBe(first.routes);
  });
});
