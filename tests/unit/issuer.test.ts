import { describe, expect, it } from "vitest";
import { issuerFromCompanyPage } from "#domain/issuer";

describe("the issuer block read from the company page", () => {
  it("takes the company name and address rows of the table, in Japanese and English", () => {
    const ja = `ご注意：記入例です。

| 項目 | 内容 |
|---|---|
| 会社名 | 株式会社〇〇 |
| 代表者 | 代表取締役 〇〇 〇〇 |
| 所在地 | 〒100-0000 東京都千代田区〇〇1-2-3 |`;
    expect(issuerFromCompanyPage(ja)).toEqual({
      name: "株式会社〇〇",
      address: "〒100-0000 東京都千代田区〇〇1-2-3",
    });
    const en = `| Item | Details |
|---|---|
| Company | **○○ Inc.** |
| Address | 1-2-3 ○○, Chiyoda-ku, Tokyo 100-0000 |`;
    expect(issuerFromCompanyPage(en)).toEqual({
      name: "○○ Inc.",
      address: "1-2-3 ○○, Chiyoda-ku, Tokyo 100-0000",
    });
  });

  it("prints no issuer rather than a wrong one when the page names no company", () => {
    expect(issuerFromCompanyPage("# About us\n\nWe run a cashback service.")).toBeNull();
    expect(issuerFromCompanyPage("| 会社名 |  |\n| 所在地 | 東京 |")).toBeNull();
    expect(issuerFromCompanyPage("| 商号 | 株式会社A |")).toEqual({
      name: "株式会社A",
      address: null,
    });
  });
});
