import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  type AgnosticRouteObject,
  createMemoryHistory,
  createRouter,
  matchRoutes,
} from "@remix-run/router";
import { describe, expect, it } from "vitest";

/*
 * The server's copy of @remix-run/router is patched (patches/, decision 026) to flatten, rank
 * and compile a route table once per routes array. These check that matching gives what the
 * router's rules say on the first and on later calls, that a table grown by patchRoutes is
 * matched afresh, and that the matches kept per path (decision 036) reach every caller as
 * their own copy.
 */
function table(): AgnosticRouteObject[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        {
          id: "users",
          path: "users",
          children: [
            { id: "users._index", index: true },
            { id: "users.ranking", path: "ranking" },
            { id: "users.$id", path: ":id" },
          ],
        },
        { id: "Users.Case", path: "Case", caseSensitive: true },
        { id: "splat", path: "*" },
      ],
    },
  ];
}

const ids = (routes: AgnosticRouteObject[], path: string) =>
  matchRoutes(routes, path)?.map((m) => m.route.id) ?? null;

describe("route matching with the patched router", () => {
  it("runs on the patched copy (npm install applies patches/ through patch-package)", () => {
    const file = createRequire(import.meta.url).resolve("@remix-run/router");
    expect(readFileSync(file, "utf8")).toContain("function rankedTable(routes)");
  });

  it("ranks static segments before parameters and parameters before the splat, every time", () => {
    const routes = table();
    for (let i = 0; i < 3; i++) {
      expect(ids(routes, "/users")).toEqual(["root", "users", "users._index"]);
      expect(ids(routes, "/users/ranking")).toEqual(["root", "users", "users.ranking"]);
      expect(ids(routes, "/users/x1")).toEqual(["root", "users", "users.$id"]);
      expect(ids(routes, "/elsewhere/deep")).toEqual(["root", "splat"]);
    }
    expect(matchRoutes(routes, "/users/x%2F1")?.at(-1)?.params).toEqual({ id: "x/1" });
    expect(matchRoutes(routes, "/elsewhere/deep")?.at(-1)?.params).toEqual({
      "*": "elsewhere/deep",
    });
  });

  it("keeps case sensitivity and the end of a pattern apart for the same path", () => {
    const routes = table();
    expect(ids(routes, "/Case")).toEqual(["root", "Users.Case"]);
    expect(ids(routes, "/case")).toEqual(["root", "splat"]);
    expect(ids(routes, "/USERS/ranking")).toEqual(["root", "users", "users.ranking"]);
  });

  it("matches a route patched into the table after the table was matched", () => {
    // patchRoutes (route discovery on navigation) is how a table changes in place: the router
    // adds the route to the children it already has, so the table matched before grows too.
    const router = createRouter({ routes: table(), history: createMemoryHistory() });
    const before = router.routes;
    expect(ids(before, "/late")).toEqual(["root", "splat"]);
    router.patchRoutes("root", [{ id: "late", path: "late" }]);
    expect(ids(before, "/late")).toEqual(["root", "late"]);
    expect(ids(router.routes, "/late")).toEqual(["root", "late"]);
    router.dispose();
  });

  it("matches two tables of the same shape with their own route objects", () => {
    const first = table();
    const second = table();
    matchRoutes(first, "/users/ranking");
    const match = matchRoutes(second, "/users/ranking")!;
    expect(match.at(-1)!.route).toBe(second[0]!.children![0]!.children![1]);
  });

  it("gives every caller its own matches of a path matched before", () => {
    const routes = table();
    const first = matchRoutes(routes, "/users/x1")!;
    (first[2]!.params as Record<string, string>).id = "changed";
    first.pop();
    const second = matchRoutes(routes, "/users/x1")!;
    expect(second.map((m) => m.route.id)).toEqual(["root", "users", "users.$id"]);
    expect(second[2]!.params).toEqual({ id: "x1" });
    expect(second[0]).not.toBe(first[0]);
    // One params object for the whole match, as the router makes it.
    expect(second[0]!.params).toBe(second[2]!.params);
    expect(second[2]!.route).toBe(routes[0]!.children![0]!.children![2]);
    expect(matchRoutes(routes, "/users/x2")?.at(-1)?.params).toEqual({ id: "x2" });
    expect(matchRoutes(routes, "/USERS/x1")?.at(-1)?.params).toEqual({ id: "x1" });
  });
});
