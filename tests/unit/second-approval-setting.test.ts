import { describe, expect, it } from "vitest";
import { settingsInput } from "#domain/settings";

/** The money settings form's threshold for a second approval: whole yen, within its limits. */
const form = (secondApprovalFrom?: string) => ({
  transferFeeRate: "1.5",
  transferMin: "1000",
  transferMax: "500000",
  usdtNetwork: "TRC20",
  paypayDailyLimit: "500000",
  ...(secondApprovalFrom === undefined ? {} : { secondApprovalFrom }),
});

const issue = (value: string) => {
  const parsed = settingsInput.safeParse(form(value));
  // Each distinct refusal once: a negative amount fails both the minimum and the threshold's own
  // rule, with the same message.
  return parsed.success
    ? null
    : [...new Set(parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`))];
};

describe("the second-approval threshold in the settings form", () => {
  it("takes whole yen as typed, with separators", () => {
    expect(settingsInput.parse(form("300,000")).secondApprovalFrom).toBe(300_000);
    expect(settingsInput.parse(form(" 1 ")).secondApprovalFrom).toBe(1);
    expect(settingsInput.parse(form("100000000")).secondApprovalFrom).toBe(100_000_000);
  });

  it("leaves it unchanged when the form does not send it", () => {
    expect(settingsInput.parse(form()).secondApprovalFrom).toBeUndefined();
  });

  it.each(["0", "-5", "1.5", "100000001", "abc"])("refuses %s, on its own field", (value) => {
    expect(issue(value)).toEqual(["secondApprovalFrom amountInvalid"]);
  });
});
