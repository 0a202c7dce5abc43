import type { UIMatch } from "@remix-run/react";
import { ADMIN_NAV, MEMBER_NAV, type NavLinkItem } from "#app/components/shell/nav-items";

/**
 * Each page's <title> (the browser tab, the history, a bookmark): "<page> | <app name>", where
 * <page> is the page's heading. A page says its own in its route's handle (`handle.title`),
 * naming the very key (or the loader's value) its heading shows, in the heading's namespace,
 * so the two cannot disagree; a page with a name of its own (a campaign, a gacha, an EA) takes
 * it from its loader's data. A layout's title (the withdrawal tabs, a gacha's sub-pages) serves
 * the pages under its one heading. Pages that say none take their menu entry's label (the same
 * words as their heading), then the app's name alone. tests/e2e/page-titles.spec.ts checks
 * every walked page against its heading.
 */

/** The translate function: keys of the common namespace, or "namespace:key". */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A route's title from its own loader data, and every matched route's (a tab reads its layout's). */
export type Titler = (t: Translate, data: unknown, all?: unknown[]) => string | undefined;

/**
 * A tab of an area whose pages share one heading: "<tab> | <heading>", so each page has a
 * title of its own that still names the heading it shows.
 */
const tab =
  (tabKey: string, headingKey: string): Titler =>
  (t) =>
    `${t(tabKey)} | ${t(headingKey)}`;

/** A key of the common namespace, or of another as "namespace:key". */
const key =
  (k: string): Titler =>
  (t) =>
    t(k);

/**
 * A name from the loader's data by its path ("customer.profile.nickname"), alone or inside a
 * key that names it (`{{name}}`).
 */
const named =
  (path: string, wrap?: string, param = "name"): Titler =>
  (t, data) => {
    const value = path
      .split(".")
      .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], data);
    if (typeof value !== "string" && typeof value !== "number") return undefined;
    return wrap ? t(wrap, { [param]: value }) : String(value);
  };

/**
 * A tab of a record's page (a gacha's rewards, an EA's licences): "<tab> | <name>", the name
 * read from the nearest matched route's data that has it (the record's layout).
 */
const tabNamed =
  (tabKey: string, path: string): Titler =>
  (t, _data, all = []) => {
    for (const data of [...all].reverse()) {
      const name = named(path)(t, data);
      if (name) return `${t(tabKey)} | ${name}`;
    }
    return undefined;
  };

/** The ways a route names its page, for `handle.title`. */
export const title = { key, named, tab, tabNamed };

const MENU: NavLinkItem[] = [
  ...MEMBER_NAV,
  ...ADMIN_NAV.flatMap((item) => (item.kind === "link" ? [item] : item.children)),
];

/** The page's own name, or null (the app's name alone is the title then). */
export function pageName(t: Translate, matches: UIMatch[], pathname: string): string | null {
  for (const match of [...matches].reverse()) {
    const titler = (match.handle as { title?: Titler } | undefined)?.title;
    const name = titler?.(
      t,
      match.data,
      matches.map((m) => m.data),
    );
    if (name) return name;
  }
  const entry = MENU.find((item) => item.to === pathname.replace(/\/$/, ""));
  return entry ? t(entry.labelKey) : null;
}

/** The document title: "<page> | <app>", or the app's name alone. */
export function documentTitle(t: Translate, matches: UIMatch[], pathname: string): string {
  const name = pageName(t, matches, pathname);
  return name ? t("titles.page", { page: name, app: t("app.name") }) : t("app.name");
}
