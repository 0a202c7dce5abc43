import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { parseConfig } from "#server/config";
import type { Logger } from "#server/logger";
import { warnUntrustedProxy } from "#server/security";

function run(trustProxy: string, requests: Record<string, string>[]) {
  const warnings: unknown[] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Logger;
  const middleware = warnUntrustedProxy(parseConfig({ TRUST_PROXY: trustProxy }), log);
  for (const headers of requests) {
    let passed = false;
    middleware({ headers } as Request, {} as Response, () => (passed = true));
    expect(passed).toBe(true);
  }
  return warnings.length;
}

describe("the untrusted-proxy warning", () => {
  it("warns once when forwarded requests arrive with TRUST_PROXY=0", () => {
    const forwarded = { "x-forwarded-for": "203.0.113.9" };
    expect(run("0", [{}, forwarded, forwarded])).toBe(1);
  });

  it("stays quiet when the proxy is trusted or there is none", () => {
    expect(run("1", [{ "x-forwarded-for": "203.0.113.9" }])).toBe(0);
    expect(run("0", [{}, {}])).toBe(0);
  });
});
