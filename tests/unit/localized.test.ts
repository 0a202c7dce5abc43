import { describe, expect, it } from "vitest";
import { englishText } from "#domain/form-fields";
import { inJapanese, localized } from "#server/lib/localized";

describe("localized: admin-written text in the reader's language", () => {
  const campaign = { title: "冬のキャンペーン", title_en: "Winter campaign" };

  it("gives English readers the English", () => {
    expect(localized(campaign, "title", "en")).toBe("Winter campaign");
  });

  it("gives Japanese readers the Japanese even when English is written", () => {
    expect(localized(campaign, "title", "ja")).toBe("冬のキャンペーン");
  });

  it("falls back to the Japanese when the English is missing or blank", () => {
    expect(localized({ title: "冬", title_en: null }, "title", "en")).toBe("冬");
    expect(localized({ title: "冬", title_en: "" }, "title", "en")).toBe("冬");
    expect(localized({ title: "冬", title_en: "  \n" }, "title", "en")).toBe("冬");
  });

  it("keeps a missing optional text missing", () => {
    expect(localized({ conditions: null, conditions_en: null }, "conditions", "en")).toBeNull();
    expect(
      localized({ conditions: null, conditions_en: "Only in English" }, "conditions", "ja"),
    ).toBeNull();
  });
});

describe("englishText: the optional English field", () => {
  const title = englishText(10);

  it("is null when left out or blank", () => {
    expect(title.parse(undefined)).toBeNull();
    expect(title.parse("   ")).toBeNull();
  });

  it("trims and stores line breaks as LF", () => {
    expect(title.parse(" a\r\nb ")).toBe("a\nb");
  });

  it("refuses text over the Japanese field's limit", () => {
    const result = title.safeParse("x".repeat(11));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("tooLong");
  });
});

describe("inJapanese: when an English reader is shown the Japanese", () => {
  it("is true only in English, for a text whose English is missing or blank", () => {
    expect(inJapanese({ title: "冬", title_en: null }, "title", "en")).toBe(true);
    expect(inJapanese({ title: "冬", title_en: " " }, "title", "en")).toBe(true);
    expect(inJapanese({ title: "冬", title_en: "Winter" }, "title", "en")).toBe(false);
    expect(inJapanese({ title: "冬", title_en: null }, "title", "ja")).toBe(false);
    // No text at all is no Japanese either.
    expect(inJapanese({ title: null, title_en: null }, "title", "en")).toBe(false);
  });
});
