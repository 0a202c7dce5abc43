import { describe, expect, it } from "vitest";
import { parseConfig } from "#server/config";
import { heroInput, heroLines } from "#domain/public-home";
import { getViewer } from "#server/features/shell/service";

describe("the website button", () => {
  it("opens the portal's public home when no external website is configured", () => {
    const config = parseConfig({ NODE_ENV: "test" });
    expect(getViewer(config, null).websiteUrl).toBe("/welcome");
  });

  it("opens the configured external website", () => {
    const config = parseConfig({ NODE_ENV: "test", WEBSITE_URL: "https://site.example/" });
    expect(getViewer(config, null).websiteUrl).toBe("https://site.example/");
  });
});

describe("the public home's pitch", () => {
  it("is its typed lines, trimmed, blank ones dropped", () => {
    expect(heroLines(" 一 \r\n\r\n二\n 三")).toEqual(["一", "二", "三"]);
  });

  it("takes up to three lines of up to 80 characters, English only with Japanese", () => {
    expect(heroInput.safeParse({ heroJa: "a\nb\nc", heroEn: "" }).success).toBe(true);
    const four = heroInput.safeParse({ heroJa: "a\nb\nc\nd", heroEn: "" });
    expect(four.error?.issues[0]?.message).toBe("heroLines");
    const long = heroInput.safeParse({ heroJa: "x".repeat(81), heroEn: "" });
    expect(long.error?.issues[0]?.message).toBe("heroLine");
    const english = heroInput.safeParse({ heroJa: "", heroEn: "only English" });
    expect(english.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["heroJa", "required"],
    ]);
  });
});
