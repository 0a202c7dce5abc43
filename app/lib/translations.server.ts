import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, i18nOptions } from "#app/i18n";
import { resources } from "#app/locales.server";

/** i18next's own options: a call naming one is i18next's to answer, not a plain fill-in. */
const I18NEXT_OPTIONS = new Set([
  "count",
  "context",
  "ordinal",
  "defaultValue",
  "lng",
  "lngs",
  "ns",
  "fallbackLng",
  "replace",
  "returnObjects",
  "returnDetails",
  "joinArrays",
  "postProcess",
  "interpolation",
  "skipInterpolation",
  "keyPrefix",
  "keySeparator",
  "nsSeparator",
]);

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** A string cut at its plain placeholders: texts[0], names[0], texts[1], names[1], … */
interface Template {
  texts: string[];
  names: string[];
}

/**
 * The string cut at its placeholders, or null when i18next must fill it: a nested `$t(...)`, a
 * format or an unescaped value (`{{min, number}}`, `{{- name}}`), a placeholder named like
 * one of i18next's options.
 */
function parseTemplate(text: string): Template | null {
  if (text.includes("$t(")) return null;
  const texts: string[] = [];
  const names: string[] = [];
  let at = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (I18NEXT_OPTIONS.has(match[1]!)) return null;
    texts.push(text.slice(at, match.index));
    names.push(match[1]!);
    at = match.index + match[0].length;
  }
  texts.push(text.slice(at));
  // Every "{{" left in the texts opens something other than a plain placeholder.
  return texts.some((t) => t.includes("{{")) ? null : { texts, names };
}

/**
 * The template filled in from `values`, or undefined when i18next must answer: a value
 * missing or not a string or a number, or a value the string does not ask for (it may be one
 * of i18next's options).
 */
function fillIn({ texts, names }: Template, values: Record<string, unknown>): string | undefined {
  let out = texts[0]!;
  for (let i = 0; i < names.length; i++) {
    if (!Object.hasOwn(values, names[i]!)) return undefined;
    const value = values[names[i]!];
    if (typeof value !== "string" && typeof value !== "number") return undefined;
    out += String(value) + texts[i + 1]!;
  }
  for (const name of Object.keys(values)) if (!names.includes(name)) return undefined;
  return out;
}

/**
 * Remembers the strings of an i18next instance whose resources never change (the server's,
 * one per language): a page renders hundreds of labels, and each `t(key)` ran
 * i18next's whole lookup (key parsing, namespace fallback, interpolation and post-processing
 * of a string with nothing to interpolate), 7 % of the dashboard's CPU.
 *
 * A call with a string key and no second argument is remembered. A call whose only options
 * are the values of its string's plain placeholders (`{{name}}`, a string or a number each) is
 * filled in from the remembered string: the page's title, a count in a sentence. i18next made
 * a regular expression per placeholder for these, 3 % of the ranking's CPU. Any other call
 * (a count or a context, which choose the string; a format such as `{{min, number}}`; a
 * nested `$t(...)`; a value that is not a string or a number) goes to i18next as before. The
 * translate functions themselves are kept per (language, namespaces, key prefix), so the
 * strings survive from one request to the next; their number is bounded by the locale files.
 */
export function rememberTranslations(i18n: I18n): I18n {
  // i18next's overloads type the arguments by the key prefix; this wrapper passes them through.
  const getFixedT = i18n.getFixedT.bind(i18n) as unknown as (
    ...args: unknown[]
  ) => (...args: unknown[]) => unknown;
  const fixed = new Map<string, TFunction>();
  i18n.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown) => {
    const id = JSON.stringify([lng ?? null, ns ?? null, keyPrefix ?? null]);
    let t = fixed.get(id);
    if (!t) {
      const translate = getFixedT(lng, ns, keyPrefix);
      const strings = new Map<string, unknown>();
      const templates = new Map<string, Template | null>();
      const remembered = (key: string) => {
        let value = strings.get(key);
        if (value === undefined) {
          value = translate(key);
          if (typeof value === "string") strings.set(key, value);
        }
        return value;
      };
      const remembering = (...args: unknown[]) => {
        const [key, options] = args;
        if (typeof key !== "string" || args.length > 2) return translate(...args);
        if (args.length === 1) return remembered(key);
        if (typeof options !== "object" || options === null || Array.isArray(options)) {
          return translate(...args);
        }
        let template = templates.get(key);
        if (template === undefined) {
          // The string as written: a nested `$t(...)` is resolved after the values are in.
          const text = translate(key, { skipInterpolation: true });
          template = typeof text === "string" ? parseTemplate(text) : null;
          templates.set(key, template);
        }
        const filled = template && fillIn(template, options as Record<string, unknown>);
        return filled ?? translate(...args);
      };
      // i18next and react-i18next read these off the function (language, namespaces, prefix).
      Object.assign(remembering, translate);
      t = remembering as unknown as TFunction;
      fixed.set(id, t);
    }
    return t;
  }) as I18n["getFixedT"];
  return i18n;
}

/**
 * One i18next instance per language, made on first use and shared by every request after it:
 * the page render's and the loaders' own strings (a public page's title and description).
 * Every namespace is bundled (resources), so an instance holds all a page can ask for and
 * nothing on the server changes its language: a fresh instance per request (what
 * remix-i18next's getFixedT makes) gave the same strings and showed in the CPU profile of
 * every page.
 */
const instances = new Map<string, Promise<I18n>>();

export function i18nFor(lng: string): Promise<I18n> {
  let instance = instances.get(lng);
  if (!instance) {
    const i18n = createInstance();
    instance = i18n
      .use(initReactI18next)
      .init({ ...i18nOptions, lng, ns: Object.keys(resources[DEFAULT_LANGUAGE]), resources })
      .then(() => rememberTranslations(i18n));
    // A failed start is not kept: the next request tries again.
    instance.catch(() => instances.delete(lng));
    instances.set(lng, instance);
  }
  return instance;
}
