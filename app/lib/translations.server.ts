import type { i18n as I18n, TFunction } from "i18next";

/**
 * Remembers the strings of an i18next instance whose resources never change (the server's,
 * one per language, decision 026): a page renders hundreds of labels, and each `t(key)` ran
 * i18next's whole lookup (key parsing, namespace fallback, interpolation and post-processing
 * of a string with nothing to interpolate), 7 % of the dashboard's CPU (decision 038).
 *
 * Only a call with a string key and no second argument is remembered: with options (count,
 * values, a default) the result depends on them, so those calls go to i18next as before. The
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
      const remembering = (...args: unknown[]) => {
        const key = args[0];
        if (args.length !== 1 || typeof key !== "string") return translate(...args);
        let value = strings.get(key);
        if (value === undefined) {
          value = translate(key);
          if (typeof value === "string") strings.set(key, value);
        }
        return value;
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
