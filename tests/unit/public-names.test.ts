import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { routeEntries } from "../helpers/route-tree";

/**
 * The static files are served before the pages: a folder in public/ with the name of a page's
 * first path segment answers that page with a 301 to "<name>/" (as public/brokers/ once did to
 * /brokers). No top-level entry of public/ may share its name with a route.
 */
describe("public/ and the routes", () => {
  it("share no first path segment", () => {
    const segments = new Set<string>();
    for (const route of routeEntries()) {
      const first = route.pattern.split("/")[1];
      if (first && !first.startsWith(":") && first !== "*") segments.add(first);
    }
    expect(segments.has("brokers")).toBe(true);
    const clashing = readdirSync("public").filter((name) => segments.has(name));
    expect(clashing).toEqual([]);
  });
});
