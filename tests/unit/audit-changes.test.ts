import { describe, expect, it } from "vitest";
import { changedFields } from "#server/audit";

describe("changedFields", () => {
  it("gives both values of each changed field only, and null when nothing changed", () => {
    const before = { title: "A", active: 1, capacity: null, extra: "kept out" };
    expect(changedFields(before, { title: "B", active: 1, capacity: 10 })).toEqual({
      before: { title: "A", capacity: null },
      after: { title: "B", capacity: 10 },
    });
    expect(changedFields(before, { title: "A", active: 1 })).toBeNull();
  });
});
