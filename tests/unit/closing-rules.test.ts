import { describe, expect, it } from "vitest";
import {
  CLOSE_BALANCE_LIMIT,
  closeAccountInput,
  closeBlockers,
  DEFAULT_RETENTION,
  moneyCutoff,
  personalCutoff,
  reopenable,
} from "#domain/closing";
import { WITHDRAWAL_MINIMUMS } from "#domain/withdrawal";

const NOTHING_OPEN = {
  available: 0,
  openWithdrawals: 0,
  openTransfers: 0,
  pendingBrokerAccounts: 0,
  pendingEaRequests: 0,
};
const DAY = 24 * 60 * 60 * 1000;

describe("closing an account", () => {
  it("stops at the smallest withdrawal minimum, whichever method has it", () => {
    expect(CLOSE_BALANCE_LIMIT).toBe(Math.min(...Object.values(WITHDRAWAL_MINIMUMS)));
    expect(closeBlockers({ ...NOTHING_OPEN, available: CLOSE_BALANCE_LIMIT - 1 })).toEqual([]);
    expect(closeBlockers({ ...NOTHING_OPEN, available: CLOSE_BALANCE_LIMIT })).toEqual([
      {
        kind: "balance",
        amount: CLOSE_BALANCE_LIMIT,
        minimum: CLOSE_BALANCE_LIMIT,
        link: "/users/withdraw/new",
      },
    ]);
  });

  it("names every open request with the page that deals with it", () => {
    const blockers = closeBlockers({
      available: 0,
      openWithdrawals: 1,
      openTransfers: 2,
      pendingBrokerAccounts: 3,
      pendingEaRequests: 4,
    });
    expect(blockers.map((b) => [b.kind, b.link])).toEqual([
      ["withdrawals", "/users/withdraw"],
      ["transfers", "/users/withdraw"],
      ["brokerAccounts", "/users/bank"],
      ["eaRequests", "/users/ea"],
    ]);
  });

  it("takes an optional reason from the list and needs the tick", () => {
    expect(closeAccountInput.parse({ reason: "", understood: "on" })).toEqual({
      reason: undefined,
      understood: "on",
    });
    expect(closeAccountInput.safeParse({ reason: "bored", understood: "on" }).success).toBe(false);
    const unticked = closeAccountInput.safeParse({ reason: "other" });
    expect(unticked.error?.issues[0]?.message).toBe("closeNotConfirmed");
  });

  it("never erases personal data inside the reopen window, whatever the setting", () => {
    const now = new Date("2026-12-31T00:00:00Z");
    expect(personalCutoff(now, { ...DEFAULT_RETENTION, personalDays: 0 })).toEqual(
      new Date(now.getTime() - 30 * DAY),
    );
    expect(personalCutoff(now, { ...DEFAULT_RETENTION, personalDays: 90 })).toEqual(
      new Date(now.getTime() - 90 * DAY),
    );
  });

  it("keeps money records for whole calendar years", () => {
    const now = new Date("2033-03-01T00:00:00Z");
    expect(moneyCutoff(now, DEFAULT_RETENTION)).toEqual(new Date("2026-03-01T00:00:00Z"));
  });

  it("is reopenable for 30 days after closing and not a moment longer", () => {
    const closed = new Date("2026-11-01T00:00:00Z");
    expect(reopenable(closed, new Date(closed.getTime() + 30 * DAY - 1))).toBe(true);
    expect(reopenable(closed, new Date(closed.getTime() + 30 * DAY))).toBe(false);
  });
});
