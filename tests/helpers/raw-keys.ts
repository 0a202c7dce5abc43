import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Finds translation keys left in a page's text (a key shown instead of its words): the browser
 * journeys run it on every page they reach.
 */

/** Every key of every namespace ("nav.dashboard", "fields.email.label" …). */
function localeKeys(): { keys: Set<string>; tops: Set<string>; namespaces: Set<string> } {
  const keys = new Set<string>();
  const tops = new Set<string>();
  const namespaces = new Set<string>();
  const dir = path.resolve("locales/en");
  const walk = (prefix: string, value: unknown) => {
    if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}.${k}` : k, v);
    } else {
      // Plural forms are looked up without their suffix.
      keys.add(prefix.replace(/_(zero|one|two|few|many|other)$/, ""));
    }
  };
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    namespaces.add(file.replace(/\.json$/, ""));
    const json = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>;
    for (const top of Object.keys(json)) tops.add(top);
    walk("", json);
  }
  return { keys, tops, namespaces };
}

const LOCALE = localeKeys();
/** A dotted word with an optional "namespace:" in front, as i18next shows a missing key. */
const KEY_LIKE = /^(?:([a-z][a-z-]*):)?([a-z][A-Za-z0-9_]*)(?:\.[A-Za-z0-9_]+)+$/;

/**
 * The words of the page that are translation keys: known keys, or dotted words that start
 * with a namespace or a top-level key of the locale files (a key missing from both languages).
 * E-mail addresses, URLs, file names and amounts never match: they have @, / or digits first,
 * and their first part is no key.
 */
export function rawKeys(text: string): string[] {
  const found = new Set<string>();
  for (const word of text.split(/[\s"'“”「」『』()（）[\]{}<>,、。：;；!?！？]+/)) {
    const token = word.replace(/[.…]+$/, "");
    const match = KEY_LIKE.exec(token);
    if (!match) continue;
    const [, ns, top] = match;
    const bare = ns ? token.slice(ns.length + 1) : token;
    if (
      LOCALE.keys.has(bare) ||
      (ns && LOCALE.namespaces.has(ns)) ||
      (LOCALE.tops.has(top!) && !/\.(com|net|org|jp|test|png|jpe?g|webp|csv)$/.test(token))
    ) {
      found.add(token);
    }
  }
  return [...found];
}
