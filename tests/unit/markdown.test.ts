import { describe, expect, it } from "vitest";
import { renderMarkdown } from "#server/lib/markdown";

describe("admin-written Markdown", () => {
  it("keeps the formatting: headings, lists, tables, line breaks, links", () => {
    const html = renderMarkdown(
      "## 第1条\n- 一\n- 二\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n〒100-0000\n東京都\n\n[規約](/terms)",
    );
    expect(html).toContain("<h2>第1条</h2>");
    expect(html).toContain("<li>一</li>");
    expect(html).toContain("<td>1</td>");
    expect(html).toContain("〒100-0000<br>\n東京都");
    expect(html).toContain('<a href="/terms">規約</a>');
  });

  it("shows typed HTML as text and builds no script, handler or image", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n<a href="javascript:alert(1)">x</a>\n\n![pixel](https://tracker.example/p.gif)',
    );
    expect(html).not.toMatch(/<(script|img|a)\b[^>]*>/i);
    expect(html).toContain("<p>pixel</p>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("refuses script and data links, and marks links leaving the site", () => {
    for (const url of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "vbscript:x",
      "data:text/html,<b>x</b>",
      "file:///etc/passwd",
    ]) {
      expect(renderMarkdown(`[x](${url})`)).not.toContain("<a ");
    }
    expect(renderMarkdown("[x](https://example.com/)")).toBe(
      '<p><a href="https://example.com/" rel="noopener noreferrer">x</a></p>\n',
    );
    expect(renderMarkdown("https://example.com/a")).toContain(
      '<a href="https://example.com/a" rel="noopener noreferrer">',
    );
  });
});
