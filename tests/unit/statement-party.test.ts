import { describe, expect, it } from "vitest";
import { partyOf } from "#domain/statement";

describe("who a statement row names", () => {
  it("names the sender of a received transfer and the recipient of a sent or refunded one", () => {
    expect(partyOf("transfer_received")).toBe("from");
    expect(partyOf("transfer_hold")).toBe("to");
    expect(partyOf("transfer_sent")).toBe("to");
    // The refund of a denied transfer is the member's own money coming back, never a present
    // from the member it was meant for.
    expect(partyOf("transfer_release")).toBe("refundTo");
  });

  it("credits presents and prizes to the operator and names nobody for the rest", () => {
    for (const entry of ["present", "prize", "battle_prize", "marathon_reward"] as const)
      expect(partyOf(entry)).toBe("operator");
    for (const entry of ["cashback", "withdrawal_release", "gacha_reward"] as const)
      expect(partyOf(entry)).toBeNull();
  });
});
