import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "#server/config";
import { contentSecurityPolicy } from "#server/security";

const SECRET = "0123456789abcdef0123456789abcdef";

describe("LINE settings", () => {
  it("default to LINE's own hosts and a log-only worker", () => {
    const c = parseConfig({});
    expect(c.LINE_API_BASE_URL).toBe("https://api.line.me");
    expect(c.LINE_LOGIN_BASE_URL).toBe("https://access.line.me");
    expect(c.LINE_CHANNEL_ACCESS_TOKEN).toBeUndefined();
    expect(c.BOT_WEBHOOK_PATH).toBe("/line/webhook");
    expect(c.BOT_LEASE_MS).toBeGreaterThan(c.LINE_HTTP_TIMEOUT_MS);
  });

  it("take a stand-in's address without a trailing slash", () => {
    const c = parseConfig({ LINE_API_BASE_URL: "http://127.0.0.1:3190/" });
    expect(c.LINE_API_BASE_URL).toBe("http://127.0.0.1:3190");
  });

  it("need each channel's secret and its partner together, named in one line", () => {
    expect(() => parseConfig({ LINE_CHANNEL_SECRET: SECRET })).toThrow(
      new ConfigError(
        "Invalid configuration: LINE_CHANNEL_ACCESS_TOKEN must be set together with LINE_CHANNEL_SECRET",
      ),
    );
    expect(() => parseConfig({ LINE_LOGIN_CHANNEL_SECRET: SECRET })).toThrow(
      /^Invalid configuration: LINE_LOGIN_CHANNEL_ID must be set together with LINE_LOGIN_CHANNEL_SECRET$/,
    );
    expect(() =>
      parseConfig({ LINE_LOGIN_CHANNEL_ID: "1234567890", LINE_LOGIN_CHANNEL_SECRET: SECRET }),
    ).not.toThrow();
  });

  it("refuse values that cannot be LINE's", () => {
    for (const [name, value] of [
      ["LINE_CHANNEL_SECRET", "short"],
      ["LINE_LOGIN_CHANNEL_ID", "abc"],
      ["LINE_BOT_BASIC_ID", "no-at-sign"],
      ["LINE_API_BASE_URL", "ftp://x"],
      ["BOT_WEBHOOK_PATH", "webhook"],
    ]) {
      expect(() => parseConfig({ [name!]: value }), name).toThrow(
        new RegExp(`^Invalid configuration: ${name} `),
      );
    }
  });

  it("need nothing from the page's CSP: LINE Login starts with a link and a redirect", () => {
    const c = parseConfig({
      LINE_LOGIN_CHANNEL_ID: "1234567890",
      LINE_LOGIN_CHANNEL_SECRET: SECRET,
    });
    const csp = contentSecurityPolicy("nonce", c);
    // The connect button is a plain link to our own start page, which answers 302: a top-level
    // navigation, governed by neither form-action nor connect-src.
    expect(csp).toMatch(/(^|; )form-action 'self'(;|$)/);
    expect(csp).not.toMatch(/line\.me/);
  });
});
