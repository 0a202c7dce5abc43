import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { revalidateAfterRefusal } from "#app/lib/revalidation";
import { filesUnder } from "../helpers/source-files";

const args = (over: Partial<Parameters<typeof revalidateAfterRefusal>[0]>) =>
  ({
    currentUrl: new URL("http://portal.test/users/campaigns/1"),
    currentParams: {},
    nextUrl: new URL("http://portal.test/users/campaigns/1"),
    nextParams: {},
    defaultShouldRevalidate: false,
    ...over,
  }) as Parameters<typeof revalidateAfterRefusal>[0];

describe("a page's data after a form", () => {
  it("is read again after a refused form (4xx, 5xx), which single fetch alone would skip", () => {
    expect(revalidateAfterRefusal(args({ formMethod: "POST", actionStatus: 400 }))).toBe(true);
    expect(revalidateAfterRefusal(args({ formMethod: "POST", actionStatus: 503 }))).toBe(true);
  });

  it("follows Remix's own answer otherwise", () => {
    expect(
      revalidateAfterRefusal(
        args({ formMethod: "POST", actionStatus: 200, defaultShouldRevalidate: true }),
      ),
    ).toBe(true);
    // A plain navigation that Remix would not reload stays as it is.
    expect(revalidateAfterRefusal(args({}))).toBe(false);
  });
});

/**
 * Single fetch reads a page's data again after a refused form only when the route asks: every
 * page or layout with a loader asks with the shared `shouldRevalidate`, or a refusal shows the
 * data the page had before the form was sent (a campaign already full still offered).
 */

const root = path.resolve(import.meta.dirname, "../..");

const routeModules = (dir: string) => filesUnder(dir, /\.tsx?$/, /\.server\.tsx?$/);

const exports = (source: string, name: string) =>
  new RegExp(`export (const|async function|function) ${name}\\b|export \\{[^}]*\\b${name}\\b`).test(
    source,
  );

/** Pages and layouts (a default export) with a loader that do not ask to revalidate. */
function pagesThatDoNotAsk(): string[] {
  const files = [path.join(root, "app/root.tsx"), ...routeModules(path.join(root, "app/routes"))];
  return files
    .filter((file) => {
      const source = readFileSync(file, "utf8");
      const page = /export default\b|export \{[^}]*\bdefault\b/.test(source);
      return page && exports(source, "loader") && !exports(source, "shouldRevalidate");
    })
    .map((file) => path.relative(root, file));
}

describe("revalidation after a refused form", () => {
  it("every page and layout with a loader exports shouldRevalidate", () => {
    expect(pagesThatDoNotAsk()).toEqual([]);
  });

  it("the check sees a page that does not ask", () => {
    const found = exports("export async function loader() {}\nexport default Page;", "loader");
    expect(found && !exports("export default Page;", "shouldRevalidate")).toBe(true);
    expect(
      exports("export { revalidateAfterRefusal as shouldRevalidate };", "shouldRevalidate"),
    ).toBe(true);
  });
});
