import { describe, expect, it } from "vitest";
import { jobPercent } from "#server/features/cashback/jobs";

describe("an import job's progress", () => {
  it("reaches 100 % only once the job is done", () => {
    // A small file is all read at the first count, while the preview still has work to do.
    expect(jobPercent("running", 12, 12)).toBe(99);
    expect(jobPercent("running", 999_999, 1_000_000)).toBe(99);
    expect(jobPercent("done", 12, 12)).toBe(100);
  });

  it("counts the share of rows done otherwise, and nothing before a total is known", () => {
    expect(jobPercent("running", 250, 1_000)).toBe(25);
    expect(jobPercent("queued", 0, 0)).toBe(0);
    expect(jobPercent("running", 5, 0)).toBe(0);
  });
});
