import { readFileSync } from "node:fs";
import type { UIMatch } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { documentTitle, title, type Titler, type Translate } from "#app/lib/page-title";
import { routeEntries } from "../helpers/route-tree";
import en from "../../locales/en/common.json";
import ja from "../../locales/ja/common.json";

/**
 * Looks keys up in a common namespace, or in another as "namespace:key" (read from the same
 * language's folder), with {{name}} values filled in.
 */
const translator =
  (common: unknown, lng = "en"): Translate =>
  (key, options = {}) => {
    const [ns, path] = key.includes(":") ? key.split(":", 2) : [null, key];
    const root = ns
      ? (JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, "utf8")) as unknown)
      : common;
    const value = path!
      .split(".")
      .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], root);
    if (typeof value !== "string") throw new Error(`missing key ${key}`);
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };
const t = translator(en);

const match = (id: string, data: unknown = null, titler?: Titler) =>
  ({ id, data, handle: titler ? { title: titler } : undefined }) as UIMatch;

describe("page titles", () => {
  it("names each page from its route, its data or its menu entry, after the app", () => {
    expect(
      documentTitle(
        t,
        [
          match("root"),
          match("routes/users+/statement+/route", null, title.key("statement:title")),
        ],
        "/users/statement",
      ),
    ).toBe("Statement | Cashback Member Portal");
    expect(
      documentTitle(
        t,
        [
          match("root"),
          match(
            "routes/users+/gachas+/$gachaId.draw",
            { gacha: { name: "Lucky" } },
            title.named("gacha.name", "titles.gachaDraw"),
          ),
        ],
        "/users/gachas/1/draw",
      ),
    ).toBe("Draw: Lucky | Cashback Member Portal");
    // Not in the table: the admin menu's label.
    expect(documentTitle(t, [match("root")], "/admin/customer")).toMatch(
      / \| Cashback Member Portal$/,
    );
    // Nothing known: the app's name alone.
    expect(documentTitle(t, [match("root")], "/nowhere")).toBe("Cashback Member Portal");
    // A page's title is its heading's own key, in the heading's namespace.
    expect(
      documentTitle(
        t,
        [match("root"), match("routes/_auth+/login", null, title.key("auth:title.login"))],
        "/login",
      ),
    ).toBe("Login | Cashback Member Portal");
  });

  it("gives the public rate page its own title in both languages", () => {
    const brokers = [
      match("root"),
      match("routes/_public+/_layout"),
      match("routes/_public+/brokers", null, title.key("nav.brokers")),
    ];
    expect(documentTitle(t, brokers, "/brokers")).toBe("Cashback rates | Cashback Member Portal");
    const tJa = translator(ja, "ja");
    expect(documentTitle(tJa, brokers, "/brokers")).toBe(`還元レート | ${tJa("app.name")}`);
  });

  it("has a translation, in both languages, for every key a route's title names", () => {
    const named: string[] = [];
    for (const { file } of routeEntries()) {
      const source = readFileSync(file, "utf8");
      for (const m of source.matchAll(/title\.(key|tab|named)\(([^)]*)\)/g)) {
        const args = [...m[2]!.matchAll(/"([^"]+)"/g)].map((a) => a[1]!);
        // named(path, key?, param?): the key is its second argument.
        const keys = m[1] === "named" ? args.slice(1, 2) : args;
        for (const k of keys) named.push(`${file}: ${k}`);
      }
    }
    expect(named.length).toBeGreaterThan(60);
    for (const entry of named) {
      const k = entry.slice(entry.lastIndexOf(": ") + 2);
      for (const tr of [t, translator(ja, "ja")]) expect(() => tr(k), entry).not.toThrow();
    }
  });
});
