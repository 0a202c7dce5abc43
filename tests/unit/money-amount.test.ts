import { describe, expect, it } from "vitest";
import { formatAmount } from "#app/lib/money";

describe("a report's amount as people read it", () => {
  it("writes yen and dollars with their symbol and digit groups, keeping the report's decimals", () => {
    expect(formatAmount("1280", "JPY")).toBe("¥1,280");
    expect(formatAmount("1234567", "JPY")).toBe("¥1,234,567");
    expect(formatAmount("10.50", "USD")).toBe("$10.50");
    expect(formatAmount("12345.5", "USD")).toBe("$12,345.5");
    expect(formatAmount("-300", "JPY")).toBe("-¥300");
  });

  it("leaves text that is not a plain amount as the report wrote it", () => {
    expect(formatAmount("12,80", "JPY")).toBe("12,80 JPY");
    expect(formatAmount("1280", "EUR")).toBe("1280 EUR");
    expect(formatAmount("abc", null)).toBe("abc");
  });
});
