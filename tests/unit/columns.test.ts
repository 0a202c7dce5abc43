import { describe, expect, expectTypeOf, it } from "vitest";
import { columnsOf, fieldsOf } from "#server/lib/columns";
import { campaignInput } from "#domain/campaign";

describe("columnsOf", () => {
  it("names each field's column in snake_case and stores a yes/no as 1/0", () => {
    const columns = columnsOf({
      title: "春",
      titleEn: null,
      startsAt: "2026-12-01 00:00:00.000",
      challengeLimit: 3,
      active: true,
      published: false,
    });
    expect(columns).toEqual({
      title: "春",
      title_en: null,
      starts_at: "2026-12-01 00:00:00.000",
      challenge_limit: 3,
      active: 1,
      published: 0,
    });
    expectTypeOf(columns).toEqualTypeOf<{
      title: string;
      title_en: null;
      starts_at: string;
      challenge_limit: number;
      active: 0 | 1;
      published: 0 | 1;
    }>();
  });

  it("writes what the form's schema parsed: its fields and nothing else", () => {
    const parsed = campaignInput.parse({
      title: " 冬のキャンペーン ",
      body: "本文",
      conditions: "",
      titleEn: "",
      bodyEn: "",
      conditionsEn: "",
      startsAt: "2026-12-01T09:00",
      endsAt: "2026-12-31T23:59",
      capacity: "1,000",
      active: "on",
      extra: "not a column",
    });
    expect(Object.keys(columnsOf(parsed)).sort()).toEqual(
      [
        "title",
        "body",
        "conditions",
        "title_en",
        "body_en",
        "conditions_en",
        "starts_at",
        "ends_at",
        "capacity",
        "active",
      ].sort(),
    );
    expect(columnsOf(parsed)).toMatchObject({
      title: "冬のキャンペーン",
      capacity: 1000,
      active: 1,
    });
  });
});

describe("fieldsOf", () => {
  it("reads the named columns under camelCase names and leaves the rest", () => {
    const row = { bank_account_number: "1234567", paypay_id: null, updated_at: "x", user_id: "u" };
    const fields = fieldsOf(row, ["bank_account_number", "paypay_id", "updated_at"]);
    expect(fields).toEqual({ bankAccountNumber: "1234567", paypayId: null, updatedAt: "x" });
    expectTypeOf(fields).toEqualTypeOf<{
      bankAccountNumber: string;
      paypayId: null;
      updatedAt: string;
    }>();
  });
});
