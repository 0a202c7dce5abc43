import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Money } from "../../app/components/ui/Money";

const html = (yen: number) => renderToStaticMarkup(createElement(Money, { yen, size: "lg" }));

describe("Money", () => {
  it("may wrap between digit groups, never inside one", () => {
    expect(html(123456789)).toContain("¥123,<wbr/>456,<wbr/>789");
    expect(html(999)).toContain(">¥999<");
    expect(html(-1500)).toContain("-¥1,<wbr/>500");
  });

  it("reads as the plain amount (the break opportunities are not text)", () => {
    const text = html(1234567).replace(/<[^>]+>/g, "");
    expect(text).toBe("¥1,234,567");
  });

  it("shrinks with the window down to a floor, with tabular digits", () => {
    expect(html(1)).toMatch(
      /class="tabular-nums text-\[clamp\(1\.125rem,5\.5vw,1\.5rem\)\] font-bold/,
    );
  });
});
