import { describe, expect, it } from "vitest";
import { revalidateAfterRefusal } from "#app/lib/revalidation";

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
