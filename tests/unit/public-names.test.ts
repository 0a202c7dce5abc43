import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The static files are served before the pages: a folder in public/ with the name of a page's
 * first path segment answers that page with a 301 to "<name>/" (as public/brokers/ once did to
 * /brokers). No top-level entry of public/ may share its name with a route.
 */
describe("public/ and the routes", () => {
  it("share no first path segment", () => {
    const segments = new Set<string>();
    for (const file of readdirSync("app/routes")) {
      const first = file
        .replace(/\.(tsx?|route\.tsx?)$/, "")
        .split(".")
        // Pathless layouts (_public, _auth) add no segment.
        .find((part) => !part.startsWith("_"));
      if (first && !first.startsWith("$"))
        segments.add(first.replace(/_$/, "").replace(/\[|\]/g, ""));
    }
    expect(segments.has("brokers")).toBe(true);
    const clashing = readdirSync("public").filter((name) => segments.has(name));
    expect(clashing).toEqual([]);
  });
});
