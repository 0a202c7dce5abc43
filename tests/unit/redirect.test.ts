import { describe, expect, it } from "vitest";
import { safeRedirect } from "../../server/features/auth/schema";

/** Whether a browser would leave the site following `Location: value` from this origin. */
function leavesSite(value: string): boolean {
  const origin = "https://portal.example";
  // Browsers strip tabs and newlines and read "\" as "/" in a Location; so does this check.
  return new URL(value.replace(/[\t\n\r]/g, "").replace(/\\/g, "/"), origin).origin !== origin;
}

const HOSTILE = [
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/a/..//evil.example",
  "/.//evil.example",
  "/././/evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/a/%2e%2e//evil.example",
  "/%2e//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\u0000//evil.example",
  "https://evil.example",
  "http:evil.example",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "data:text/html,hi",
  "evil.example",
  "@evil.example",
  "/@evil.example",
  "https://portal.example@evil.example",
  " //evil.example",
  "/" + "a".repeat(5000),
];

describe("safeRedirect: the one function every redirect target from input goes through", () => {
  it.each(HOSTILE)("never leaves the site: %j", (input) => {
    const result = safeRedirect(input, "/fallback");
    expect(leavesSite(result)).toBe(false);
    expect(result.startsWith("/")).toBe(true);
    expect(result[1]).not.toBe("/");
    expect(result[1]).not.toBe("\\");
  });

  it("refuses what is not a string", () => {
    for (const input of [null, undefined, 42, ["/users"], { path: "/users" }]) {
      expect(safeRedirect(input, "/fallback")).toBe("/fallback");
    }
  });

  it("keeps a same-site path with its query and fragment", () => {
    expect(safeRedirect("/users/withdraw/new?method=bank#form", "/")).toBe(
      "/users/withdraw/new?method=bank#form",
    );
    expect(safeRedirect("/users/../users/bank", "/")).toBe("/users/bank");
    expect(safeRedirect("/campaigns/abc%2Fdef", "/")).toBe("/campaigns/abc%2Fdef");
  });
});
