import { describe, expect, it } from "vitest";
import { rawKeys } from "../helpers/raw-keys";

describe("the raw-key detector the journeys use", () => {
  it("finds keys and leaves ordinary text alone", () => {
    expect(rawKeys("Menu nav.dashboard and common:nav.website here")).toEqual([
      "nav.dashboard",
      "common:nav.website",
    ]);
    expect(rawKeys("nav.somethingNew")).toEqual(["nav.somethingNew"]);
    expect(
      rawKeys(
        "member@example.com https://example.com/ 1,234.56 ¥ e2e-a.b@example.test v1.2.3 report.csv Mr. Smith e.g.",
      ),
    ).toEqual([]);
  });
});
