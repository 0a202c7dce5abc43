import { createInstance } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_LANGUAGE, i18nOptions, SUPPORTED_LANGUAGES } from "#app/i18n";
import { rememberTranslations } from "#app/lib/translations.server";
import { resources } from "#app/locales.server";

/** i18next's internal translator, where every lookup goes (not in its public types). */
function translatorOf(i18n: unknown) {
  return (i18n as { translator: { translate: (...args: unknown[]) => unknown } }).translator;
}

const NAMESPACES = Object.keys(resources[DEFAULT_LANGUAGE]);

async function instance(lng: string) {
  const i18n = createInstance();
  await i18n.init({ ...i18nOptions, lng, ns: NAMESPACES, resources });
  return i18n;
}

/** Every leaf key of a namespace, as "a.b.c". */
function keys(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("remembered translations (the server's i18next instances)", () => {
  it.each(SUPPORTED_LANGUAGES)("gives every string of %s as i18next does, twice", async (lng) => {
    const plain = await instance(lng);
    const remembered = rememberTranslations(await instance(lng));
    for (const ns of NAMESPACES) {
      const expected = plain.getFixedT(null, ns);
      const t = remembered.getFixedT(null, ns);
      for (const key of keys((resources as Record<string, Record<string, unknown>>)[lng]![ns])) {
        const want = expected(key);
        expect(t(key)).toEqual(want);
        expect(t(key)).toEqual(want);
      }
      // Another namespace named in the key, and a missing key, as i18next answers them.
      expect(t("common:nav.dashboard")).toBe(expected("common:nav.dashboard"));
      expect(t("no.such.key")).toBe(expected("no.such.key"));
    }
  });

  it("looks a string up once, and keeps it across requests (the same translate function)", async () => {
    const i18n = rememberTranslations(await instance("ja"));
    const translate = vi.spyOn(translatorOf(i18n), "translate");
    const t = i18n.getFixedT(null, "common");
    t("nav.dashboard");
    t("nav.dashboard");
    i18n.getFixedT(null, "common")("nav.dashboard");
    expect(translate).toHaveBeenCalledTimes(1);
    expect(i18n.getFixedT(null, "common")).toBe(t);
    // Namespaces and prefixes keep their own strings.
    expect(i18n.getFixedT(null, "cashback")).not.toBe(t);
  });

  it("passes calls with options to i18next every time (counts, values, defaults)", async () => {
    const plain = await instance("en");
    const i18n = rememberTranslations(await instance("en"));
    const translate = vi.spyOn(translatorOf(i18n), "translate");
    const t = i18n.getFixedT(null, "wallet");
    const expected = plain.getFixedT(null, "wallet");
    for (const count of [0, 1, 2]) {
      expect(t("missing.with.default", { defaultValue: `n=${count}` })).toBe(`n=${count}`);
      expect(t("missing.with.default", `d${count}`)).toBe(
        expected("missing.with.default", `d${count}`),
      );
    }
    // Once for the string as written (whether its placeholders can be filled in), then each call.
    expect(translate).toHaveBeenCalledTimes(1 + 6);
  });

  it.each(SUPPORTED_LANGUAGES)(
    "fills in every string's placeholders of %s as i18next does",
    async (lng) => {
      const plain = await instance(lng);
      const remembered = rememberTranslations(await instance(lng));
      let filled = 0;
      for (const ns of NAMESPACES) {
        const expected = plain.getFixedT(null, ns);
        const t = remembered.getFixedT(null, ns);
        for (const key of keys((resources as Record<string, Record<string, unknown>>)[lng]![ns])) {
          const text = expected(key);
          if (typeof text !== "string") continue;
          const names = [...text.matchAll(/\{\{-?\s*(\w+)/g)].map((m) => m[1]!);
          if (names.length === 0) continue;
          // Values a replacement could misread: "$&" and "$1", braces, a nested key, a number.
          // Not into a nested key: i18next itself never returns from "$&" there.
          const nested = String(expected(key, { skipInterpolation: true })).includes("$t(");
          const tricky = nested
            ? ["Sato", 12]
            : ["$& and $1", "{{other}}", "$t(common:app.name)", 1234.5, 0, ""];
          for (let round = 0; round < tricky.length; round++) {
            const values = Object.fromEntries(
              names.map((name, i) => [name, tricky[(round + i) % tricky.length]]),
            );
            expect(t(key, values), `${lng} ${ns}:${key}`).toEqual(expected(key, values));
            filled++;
          }
        }
      }
      expect(filled).toBeGreaterThan(100);
    },
  );

  it("fills a plain string's placeholders from the remembered string, without i18next", async () => {
    const plain = await instance("en");
    const i18n = rememberTranslations(await instance("en"));
    const translate = vi.spyOn(translatorOf(i18n), "translate");
    const t = i18n.getFixedT(null, "common");
    for (const page of ["Ranking", "Dashboard", "Ranking"]) {
      expect(t("titles.page", { page, app: "Portal" })).toBe(
        plain.getFixedT(null, "common")("titles.page", { page, app: "Portal" }),
      );
    }
    expect(translate).toHaveBeenCalledTimes(1);
  });

  it("leaves to i18next a count, a format, a missing or extra value, or one of another kind", async () => {
    const plain = await instance("en");
    const i18n = rememberTranslations(await instance("en"));
    const t = i18n.getFixedT(null, "common");
    const expected = plain.getFixedT(null, "common");
    const translate = vi.spyOn(translatorOf(i18n), "translate");
    const calls: [string, Record<string, unknown>][] = [
      ["titles.page", { page: "Ranking" }],
      ["titles.page", { page: "Ranking", app: "Portal", lng: "ja" }],
      ["titles.page", { page: "Ranking", app: "Portal", extra: "x" }],
      ["titles.page", { page: { name: "Ranking" }, app: "Portal" }],
      ["titles.page", { page: null, app: "Portal" }],
    ];
    for (const [key, values] of calls) expect(t(key, values)).toBe(expected(key, values));
    // The template's own lookup, then every call above went to i18next.
    expect(translate).toHaveBeenCalledTimes(1 + calls.length);
    // A count chooses the string; a format is i18next's.
    const errors = i18n.getFixedT(null, "errors");
    const plainErrors = plain.getFixedT(null, "errors");
    const values = { min: 1000, max: 2000000 };
    for (const key of ["belowMinimum", "transferAmountRange"]) {
      expect(errors(key, values)).toBe(plainErrors(key, values));
    }
    expect(errors("belowMinimum", values)).toBe("The minimum withdrawal is 1,000 yen");
  });

  it("keeps what react-i18next reads off the function (language, namespaces, prefix)", async () => {
    const i18n = rememberTranslations(await instance("en"));
    const t = i18n.getFixedT("en", ["auth", "common"], "login") as unknown as Record<
      string,
      unknown
    >;
    expect(t.lng).toBe("en");
    expect(t.ns).toEqual(["auth", "common"]);
    expect(t.keyPrefix).toBe("login");
  });
});
