import { describe, expect, it } from "vitest";
import { generateTotpSecret, otpauthUri, timeStep, totpAt, verifyTotp } from "#server/auth/totp";

// RFC 6238 appendix B: the SHA-1 key "12345678901234567890", as Base32.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP", () => {
  it("gives RFC 6238's test vectors (six digits of them)", () => {
    expect(totpAt(RFC_SECRET, timeStep(59_000))).toBe("287082");
    expect(totpAt(RFC_SECRET, timeStep(1_111_111_109_000))).toBe("081804");
    expect(totpAt(RFC_SECRET, timeStep(1_234_567_890_000))).toBe("005924");
    expect(totpAt(RFC_SECRET, timeStep(2_000_000_000_000))).toBe("279037");
  });

  it("accepts the current step and one either side, and says which", () => {
    const now = 1_800_000_000_000;
    const step = timeStep(now);
    for (const drift of [-1, 0, 1]) {
      expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step + drift), { now })).toBe(step + drift);
    }
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step + 2), { now })).toBeNull();
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step - 2), { now })).toBeNull();
  });

  it("refuses a step already used, and every earlier one (no replay)", () => {
    const now = 1_800_000_000_000;
    const step = timeStep(now);
    const code = totpAt(RFC_SECRET, step);
    expect(verifyTotp(RFC_SECRET, code, { now, lastStep: step })).toBeNull();
    expect(
      verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step - 1), { now, lastStep: step - 1 }),
    ).toBeNull();
    expect(verifyTotp(RFC_SECRET, code, { now, lastStep: step - 1 })).toBe(step);
  });

  it("ignores spaces and refuses what is not six digits", () => {
    const now = 1_800_000_000_000;
    const code = totpAt(RFC_SECRET, timeStep(now));
    expect(verifyTotp(RFC_SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, { now })).not.toBeNull();
    expect(verifyTotp(RFC_SECRET, "12345", { now })).toBeNull();
    expect(verifyTotp(RFC_SECRET, "abcdef", { now })).toBeNull();
  });

  it("makes 160-bit Base32 secrets and authenticator URIs", () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(secret);
    const uri = new URL(otpauthUri(secret, "member@example.test", "CB Portal"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBe("CB Portal");
    expect(decodeURIComponent(uri.pathname)).toContain("member@example.test");
  });
});
