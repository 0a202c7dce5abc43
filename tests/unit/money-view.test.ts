import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Money } from "#app/components/ui/Money";

const html = (yen: number, size: "lg" | "md" = "lg") =>
  renderToStaticMarkup(createElement(Money, { yen, size }));

describe("Money", () => {
  it("never offers a line break inside an amount", () => {
    for (const size of ["lg", "md"] as const) {
      expect(html(99_999_999, size)).toContain(">¥99,999,999<");
      expect(html(99_999_999, size)).not.toContain("<wbr");
      expect(html(99_999_999, size)).toMatch(/class="[^"]*whitespace-nowrap/);
    }
    expect(html(-1500)).toContain(">-¥1,500<");
  });

  it("shrinks the large figure with its box (a size container), between a floor and 1.5rem", () => {
    const markup = html(1);
    expect(markup).toMatch(/^<span class="[^"]*\[container-type:inline-size\]/);
    expect(markup).toContain("text-[length:clamp(0.75rem,13cqi,1.5rem)]");
    expect(markup).toContain("tabular-nums");
  });
});
