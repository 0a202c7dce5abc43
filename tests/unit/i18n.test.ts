import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_LANGUAGE,
  languageFromCookieHeader,
  localeUrl,
  routeNamespaces,
  SUPPORTED_LANGUAGES,
  toLanguage,
} from "#app/i18n";
import { resources } from "#app/locales.server";

const LOCALES = path.resolve(import.meta.dirname, "../../locales");

function namespaces(language: string): string[] {
  return readdirSync(path.join(LOCALES, language))
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length))
    .sort();
}

function load(language: string, ns: string): unknown {
  return JSON.parse(readFileSync(path.join(LOCALES, language, `${ns}.json`), "utf8"));
}

/** Every leaf of a translation file as "a.b.c" -> value (non-string leaves kept to be reported). */
function flatten(value: unknown, prefix = "", out = new Map<string, unknown>()) {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

/**
 * i18next plural forms depend on the language: Japanese has only `_other`, English `_one` and
 * `_other`. Keys are compared without those suffixes so a correct plural is not a mismatch.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, "");

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1] ?? "").sort();
}

const jaFiles = namespaces("ja");
const enFiles = namespaces("en");

describe("translation files", () => {
  it("exist for the same namespaces in ja and en", () => {
    expect(jaFiles.length).toBeGreaterThan(0);
    expect(jaFiles).toEqual(enFiles);
    expect(readdirSync(LOCALES).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  describe.each(jaFiles)("%s.json", (ns) => {
    const ja = flatten(load("ja", ns));
    const en = flatten(load("en", ns));

    it("has only non-empty strings as values", () => {
      for (const [language, entries] of [
        ["ja", ja],
        ["en", en],
      ] as const) {
        for (const [key, value] of entries) {
          expect(typeof value, `${language}/${ns}.json ${key}`).toBe("string");
          expect((value as string).trim(), `${language}/${ns}.json ${key}`).not.toBe("");
        }
      }
    });

    it("has the same keys in ja and en", () => {
      const jaKeys = [...new Set([...ja.keys()].map(base))].sort();
      const enKeys = [...new Set([...en.keys()].map(base))].sort();
      const missingInEn = jaKeys.filter((k) => !enKeys.includes(k));
      const missingInJa = enKeys.filter((k) => !jaKeys.includes(k));
      expect({ missingInEn, missingInJa }).toEqual({ missingInEn: [], missingInJa: [] });
    });

    it("uses the same {{placeholders}} in ja and en", () => {
      const byBase = (entries: Map<string, unknown>) => {
        const result = new Map<string, Set<string>>();
        for (const [key, value] of entries) {
          const set = result.get(base(key)) ?? new Set<string>();
          if (typeof value === "string") placeholders(value).forEach((p) => set.add(p));
          result.set(base(key), set);
        }
        return result;
      };
      const jaPh = byBase(ja);
      const enPh = byBase(en);
      for (const [key, names] of jaPh) {
        const other = enPh.get(key);
        if (!other) continue; // reported by the key test
        // `count` drives plurals and may be left out of a language's sentence.
        const strip = (s: Set<string>) => [...s].filter((p) => p !== "count").sort();
        expect(strip(names), `${ns}.json ${key}`).toEqual(strip(other));
      }
    });
  });

  it("bundles exactly the namespaces present as files", () => {
    expect(Object.keys(resources).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    for (const language of SUPPORTED_LANGUAGES) {
      expect(Object.keys(resources[language]).sort(), language).toEqual(namespaces(language));
      for (const ns of namespaces(language)) {
        expect(resources[language][ns], `${language}/${ns}`).toEqual(load(language, ns));
      }
    }
  });

  it("has a translation for every error key the server sends", () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const errors = flatten(load(language, "errors"));
      for (const key of ["loginRequired", "forbidden", "notFound", "validation", "internal"]) {
        expect(errors.has(key), `${language}/errors.json ${key}`).toBe(true);
      }
    }
  });
});

describe("placeholders()", () => {
  it("finds i18next interpolations, with or without formats", () => {
    expect(placeholders("Hi {{nickname}}, {{ amount, number }} yen")).toEqual([
      "amount",
      "nickname",
    ]);
    expect(placeholders("no interpolation")).toEqual([]);
  });
});

describe("language helpers", () => {
  it("defaults to Japanese", () => {
    expect(DEFAULT_LANGUAGE).toBe("ja");
  });

  it("toLanguage accepts only supported languages", () => {
    expect(toLanguage("ja")).toBe("ja");
    expect(toLanguage("en")).toBe("en");
    expect(toLanguage("fr")).toBeNull();
    expect(toLanguage("EN")).toBeNull();
    expect(toLanguage("en-US")).toBeNull();
    expect(toLanguage("")).toBeNull();
    expect(toLanguage(null)).toBeNull();
    expect(toLanguage(undefined)).toBeNull();
    expect(toLanguage(1)).toBeNull();
    expect(toLanguage(["en"])).toBeNull();
  });

  it("languageFromCookieHeader reads the language cookie only", () => {
    expect(languageFromCookieHeader(null)).toBeNull();
    expect(languageFromCookieHeader(undefined)).toBeNull();
    expect(languageFromCookieHeader("")).toBeNull();
    expect(languageFromCookieHeader("language=en")).toBe("en");
    expect(languageFromCookieHeader("sid=x; language=ja; theme=dark")).toBe("ja");
    expect(languageFromCookieHeader("sid=x;language=en")).toBe("en");
    expect(languageFromCookieHeader("language=fr")).toBeNull();
    expect(languageFromCookieHeader("xlanguage=en")).toBeNull();
    expect(languageFromCookieHeader("theme=dark")).toBeNull();
  });
});

describe("the page's translations (preloaded by the root, fetched by the browser's backend)", () => {
  it("are the namespaces the matched routes name, each once, in route order", () => {
    const handles = [
      { i18n: ["common", "errors"] },
      undefined,
      { area: "member" },
      { i18n: "auth" },
      { i18n: ["errors", "cashback", 3] },
    ];
    expect(routeNamespaces(handles)).toEqual(["common", "errors", "auth", "cashback"]);
  });

  it("come from one versioned URL per namespace", () => {
    expect(localeUrl("0033ecbd", "ja", "admin-money")).toBe("/locales/ja/admin-money?v=0033ecbd");
    expect(localeUrl("a b", "en", "x/y")).toBe("/locales/en/x%2Fy?v=a%20b");
  });
});
