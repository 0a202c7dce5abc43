import type { UIMatch } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { documentTitle, PAGE_TITLES, type Translate } from "~/lib/page-title";
import en from "../../locales/en/common.json";
import ja from "../../locales/ja/common.json";

/** Looks keys up in a common namespace, with {{name}} values filled in. */
const translator =
  (common: unknown): Translate =>
  (key, options = {}) => {
    const value = key
      .split(".")
      .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], common);
    if (typeof value !== "string") throw new Error(`missing key ${key}`);
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };
const t = translator(en);

const match = (id: string, data: unknown = null) => ({ id, data }) as UIMatch;

describe("page titles", () => {
  it("names each page from its route, its data or its menu entry, after the app", () => {
    expect(
      documentTitle(t, [match("root"), match("routes/users.statement")], "/users/statement"),
    ).toBe("Statement | Cashback Member Portal");
    expect(
      documentTitle(
        t,
        [match("root"), match("routes/users.gachas.$gachaId.draw", { gacha: { name: "Lucky" } })],
        "/users/gachas/1/draw",
      ),
    ).toBe("Draw: Lucky | Cashback Member Portal");
    // Not in the table: the admin menu's label.
    expect(documentTitle(t, [match("root")], "/admin/customer")).toMatch(
      / \| Cashback Member Portal$/,
    );
    // Nothing known: the app's name alone.
    expect(documentTitle(t, [match("root")], "/login")).toBe("Cashback Member Portal");
  });

  it("gives the public rate page its own title in both languages", () => {
    const brokers = [match("root"), match("routes/_public"), match("routes/_public.brokers")];
    expect(documentTitle(t, brokers, "/brokers")).toBe("Cashback rates | Cashback Member Portal");
    const tJa = translator(ja);
    expect(documentTitle(tJa, brokers, "/brokers")).toBe(`還元レート | ${tJa("app.name")}`);
  });

  it("has a translation for every key the table names", () => {
    for (const [id, titler] of Object.entries(PAGE_TITLES)) {
      const data = {
        campaign: { title: "C" },
        ea: { name: "E" },
        gacha: { name: "G" },
        article: { title: "A" },
      };
      expect(titler(t, data), id).toBeTruthy();
    }
  });
});
