import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NavIcon, navIconsUrl } from "#app/components/shell/icons";
import { NAV_ICONS, navIconSprite } from "#app/components/shell/nav-icons.server";
import type { AppLoadContext } from "@remix-run/node";
import { loader } from "#app/routes/nav-icons[.]svg";

/*
 * The navigation draws its icons with <use> from one cached sprite (decision 036). The
 * sprite must hold every icon with the very paths and drawing attributes Heroicons renders
 * inline, and the page must keep the icons hidden from assistive technology.
 */
describe("navigation icon sprite", () => {
  it("has one symbol per icon with Heroicons' own drawing", () => {
    const sprite = navIconSprite();
    for (const [name, Icon] of Object.entries(NAV_ICONS)) {
      const inline = renderToStaticMarkup(createElement(Icon));
      const symbol = new RegExp(`<symbol id="${name}"([^>]*)>(.*?)</symbol>`).exec(sprite);
      expect(symbol, name).not.toBeNull();
      expect(inline).toContain(symbol![2]!);
      for (const attribute of ['fill="none"', 'viewBox="0 0 24 24"', 'stroke="currentColor"'])
        expect(symbol![1]).toContain(attribute);
      expect(symbol![1]).toMatch(/stroke-width="1.5"/);
    }
    expect(sprite.match(/<symbol /g)).toHaveLength(Object.keys(NAV_ICONS).length);
  });

  it("is served as SVG under a versioned URL, cached for good", async () => {
    const res = await loader({
      request: new Request("http://portal.test/nav-icons.svg?v=abc123"),
      context: {} as AppLoadContext,
    });
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(await res.text()).toBe(navIconSprite());
    expect(navIconsUrl("abc123")).toBe("/nav-icons.svg?v=abc123");
  });

  it("draws an icon as a hidden <use> of its symbol", () => {
    const html = renderToStaticMarkup(createElement(NavIcon, { name: "dashboard" }));
    expect(html).toBe(
      '<svg aria-hidden="true" class="h-5 w-5 shrink-0"><use href="/nav-icons.svg#dashboard"></use></svg>',
    );
  });
});
