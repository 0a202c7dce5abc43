import { describe, expect, it } from "vitest";
import { isFresh, notModified, weakEtag } from "#app/lib/conditional.server";
import { companyFacts } from "#domain/organization";
import { markdownText } from "#server/lib/markdown";

describe("the company's facts from its page's table", () => {
  it("reads name, address and contact in either language, skipping a template's instruction", () => {
    const ja = [
      "| 項目 | 内容 |",
      "|---|---|",
      "| 会社名 | 株式会社サンプル |",
      "| 所在地 | 東京都千代田区1-2-3 |",
      "| 電話番号 | （記載） |",
      "| お問い合わせ | メール: info@sample.co.jp（平日） |",
    ].join("\n");
    expect(companyFacts(ja)).toEqual({
      legalName: "株式会社サンプル",
      address: "東京都千代田区1-2-3",
      email: "info@sample.co.jp",
    });
    const en =
      "| Item | Details |\n|:--|--:|\n| Company | Sample Inc. |\n| Phone | +81 3-1234-5678 |";
    expect(companyFacts(en)).toEqual({ legalName: "Sample Inc.", telephone: "+81 3-1234-5678" });
  });

  it("states nothing it cannot read: no table, or a contact without an address", () => {
    expect(companyFacts("# 会社概要\n本文だけ")).toEqual({});
    expect(companyFacts("| Contact | the form on the site |")).toEqual({});
  });
});

describe("Markdown as plain words", () => {
  it("drops the marks and keeps the words, blocks joined by a space", () => {
    expect(
      markdownText("# Title\n\n**Bold** and [a link](https://x.test) `code`\n- one\n- two"),
    ).toBe("Title Bold and a link code one two");
    // Typed tags are words too: the page escapes them, the JSON-LD carries them as text.
    expect(markdownText("a <script>x</script>")).toBe("a <script>x</script>");
  });
});

describe("conditional requests", () => {
  const req = (inm?: string, method = "GET") =>
    new Request("http://x.test/", { method, headers: inm ? { "If-None-Match": inm } : {} });

  it("makes a weak tag that follows the content", () => {
    expect(weakEtag("a")).toMatch(/^W\/"[\w-]{27}"$/);
    expect(weakEtag("a")).toBe(weakEtag("a"));
    expect(weakEtag("a")).not.toBe(weakEtag("b"));
  });

  it("is fresh for its own tag (weak or strong form), a list holding it, or *; never for a POST", () => {
    const tag = weakEtag("page");
    const opaque = tag.slice(2);
    expect(isFresh(req(tag), tag)).toBe(true);
    expect(isFresh(req(opaque), tag)).toBe(true);
    expect(isFresh(req(`W/"old", ${tag}`), tag)).toBe(true);
    expect(isFresh(req("*"), tag)).toBe(true);
    expect(isFresh(req(), tag)).toBe(false);
    expect(isFresh(req('W/"old"'), tag)).toBe(false);
    expect(isFresh(req(tag, "POST"), tag)).toBe(false);
  });

  it("answers 304 with the caching headers and without the body's", () => {
    const res = notModified(
      new Headers({
        "Cache-Control": "public, s-maxage=300",
        ETag: 'W/"x"',
        Vary: "Accept-Encoding",
        "Content-Type": "text/html",
        "Content-Length": "10",
      }),
    );
    expect(res.status).toBe(304);
    expect(Object.fromEntries(res.headers)).toEqual({
      "cache-control": "public, s-maxage=300",
      etag: 'W/"x"',
      vary: "Accept-Encoding",
    });
  });
});
