import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { isRoleRefusal, roleRefusalTarget } from "#domain/redirect";
import { safeRedirect } from "#server/features/auth/schema";

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

describe("role refusals answer as the area's guard would", () => {
  const refusal = (code: string, message: string) =>
    Object.assign(new Error(message), { name: "TRPCError", code });
  const get = { url: "https://portal.example/users/bank?tab=2", method: "GET" };

  it("sends a visitor to login; a session that ended comes back to the page", () => {
    expect(roleRefusalTarget(refusal("UNAUTHORIZED", "loginRequired"), get)).toBe("/login");
    expect(roleRefusalTarget(refusal("UNAUTHORIZED", "loginRequired"), get, "idle")).toBe(
      "/login?ended=idle&redirect=%2Fusers%2Fbank%3Ftab%3D2",
    );
    // A form post cannot be sent again: it returns to its page, without the query.
    const post = { ...get, method: "POST" };
    expect(roleRefusalTarget(refusal("UNAUTHORIZED", "loginRequired"), post, "expired")).toBe(
      "/login?ended=expired&redirect=%2Fusers%2Fbank",
    );
  });

  it("sends the wrong role home and an admin without a second factor to enrol", () => {
    expect(roleRefusalTarget(refusal("FORBIDDEN", "forbidden"), get)).toBe("/");
    expect(roleRefusalTarget(refusal("FORBIDDEN", "mfaEnrolmentRequired"), get)).toBe(
      "/admin/security",
    );
  });

  it("sends a member who must agree to new terms to the notice, and back after", () => {
    expect(roleRefusalTarget(refusal("FORBIDDEN", "consentRequired"), get)).toBe(
      "/users/consent?redirect=%2Fusers%2Fbank%3Ftab%3D2",
    );
    const post = { ...get, method: "POST" };
    expect(roleRefusalTarget(refusal("FORBIDDEN", "consentRequired"), post)).toBe(
      "/users/consent?redirect=%2Fusers%2Fbank",
    );
    expect(isRoleRefusal(refusal("FORBIDDEN", "consentRequired"))).toBe(true);
  });

  it("leaves every other refusal to the page", () => {
    for (const error of [
      refusal("UNAUTHORIZED", "invalidCredentials"),
      refusal("FORBIDDEN", "emailUnverified"),
      refusal("NOT_FOUND", "notFound"),
      new Error("loginRequired"),
      null,
    ]) {
      expect(roleRefusalTarget(error, get)).toBeNull();
      expect(isRoleRefusal(error)).toBe(false);
    }
    expect(isRoleRefusal(refusal("UNAUTHORIZED", "loginRequired"))).toBe(true);
  });
});

describe("login sends the member back where the session ended, and nowhere else", () => {
  async function signIn(redirect: string) {
    const { action } = await import("#app/routes/_auth+/login");
    const context = {
      trpc: { auth: { login: async () => ({ mfaRequired: false, permission: "member" }) } },
      resHeaders: new Headers(),
    } as unknown as AppLoadContext;
    const body = new URLSearchParams({ email: "m@example.test", password: "pw", redirect });
    const response = (await action({
      request: new Request("http://portal.example/login", { method: "POST", body }),
      context,
      params: {},
    })) as Response;
    return response.headers.get("Location");
  }

  it("returns to the form page the session ended on", async () => {
    expect(await signIn("/users/withdraw/new")).toBe("/users/withdraw/new");
    expect(await signIn("/users/bank?page=2")).toBe("/users/bank?page=2");
  });

  it.each(["//evil.example", "https://evil.example/users", "/\\evil.example", "/%2e%2e//evil"])(
    "goes home instead of off-site: %j",
    async (target) => {
      expect(await signIn(target)).toBe("/users");
    },
  );
});
