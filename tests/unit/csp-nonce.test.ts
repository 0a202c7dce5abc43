import { describe, expect, it } from "vitest";
import { parseConfig } from "#server/config";
import { contentSecurityPolicy, cspNonce, securityHeaders } from "#server/security";

describe("the CSP nonce", () => {
  it("is 16 fresh bytes each time, across refills of its pool", () => {
    // 4 KB of pool is 256 nonces: 600 cross two refills.
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const nonce = cspNonce();
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      seen.add(nonce);
    }
    expect(seen.size).toBe(600);
  });

  it("stands in the page's policy as the policy writes it", () => {
    const config = parseConfig({});
    const headers = new Map<string, string>();
    const res = {
      locals: {} as Record<string, unknown>,
      setHeader: (name: string, value: string) => headers.set(name, value),
    };
    let called = false;
    securityHeaders(config)({ path: "/users" } as never, res as never, () => (called = true));
    expect(called).toBe(true);
    const nonce = res.locals.cspNonce as string;
    expect(headers.get("Content-Security-Policy")).toBe(contentSecurityPolicy(nonce, config));
  });
});
