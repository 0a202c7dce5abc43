import type { UIMatch } from "@remix-run/react";
import { ADMIN_NAV, MEMBER_NAV, type NavLinkItem } from "~/components/shell/nav-items";

/**
 * Each page's <title> (the browser tab, the history, a bookmark): "<page> | <app name>". One
 * table for the member pages, by route id, so no page module repeats the pattern; a page with
 * a name of its own (a campaign, a gacha, an EA) takes it from its loader's data. Pages not in
 * the table take their menu entry's label, then the app's name alone.
 */

/** The translate function (any namespace's, keys of the common namespace). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

type Titler = (t: Translate, data: unknown) => string | undefined;

/** A key of the common namespace. */
const key =
  (k: string): Titler =>
  (t) =>
    t(k);

/** A name from the loader's data (`{ campaign: { title } }` → field "campaign", "title"). */
const named =
  (field: string, prop: string, wrap?: string): Titler =>
  (t, data) => {
    const value = (data as Record<string, Record<string, unknown> | undefined> | undefined)?.[
      field
    ]?.[prop];
    if (typeof value !== "string") return undefined;
    return wrap ? t(wrap, { name: value }) : value;
  };

export const PAGE_TITLES: Record<string, Titler> = {
  // Public: the rate card visitors find from search and share (issue 18).
  "routes/_public.brokers": key("nav.brokers"),
  "routes/_public.terms": key("footer.terms"),
  "routes/_public.privacy": key("footer.privacy"),
  "routes/_public.legal": key("footer.legal"),
  "routes/_public.company": key("footer.company"),
  "routes/users.consent": key("footer.terms"),
  "routes/_public.help._index": key("titles.help"),
  "routes/_public.help.$slug": named("article", "title"),
  "routes/users._index": key("nav.dashboard"),
  "routes/users.affiliate": key("nav.affiliate"),
  "routes/users.bank": key("nav.account"),
  "routes/users.campaign": key("nav.campaign"),
  "routes/users.campaigns._index": key("nav.campaign"),
  "routes/users.campaigns.$id._index": named("campaign", "title"),
  "routes/users.campaigns.$id.complete": named("campaign", "title", "titles.campaignEntered"),
  "routes/users.cashback-battle": key("nav.battle"),
  "routes/users.cashback._index": key("nav.cashback"),
  "routes/users.cb_marathon._index": key("nav.marathon"),
  "routes/users.cb_marathon.axi": key("titles.marathonAxi"),
  "routes/users.change-email": key("titles.changeEmail"),
  "routes/users.chat": key("nav.message"),
  "routes/users.ea._index": key("nav.ea"),
  "routes/users.ea.$id._index": named("ea", "name"),
  "routes/users.ea.licenses": key("titles.eaLicenses"),
  "routes/users.gacha_logs": key("titles.gachaLogs"),
  "routes/users.gachas._index": key("nav.gachas"),
  "routes/users.gachas.$gachaId._index": named("gacha", "name"),
  "routes/users.gachas.$gachaId.draw": named("gacha", "name", "titles.gachaDraw"),
  "routes/users.line-connect": key("nav.lineNotification"),
  "routes/users.mypage": key("nav.profile"),
  "routes/users.present": key("nav.depositHistory"),
  "routes/users.ranking": key("nav.ranking"),
  "routes/users.security": key("titles.security"),
  "routes/users.statement": key("titles.statement"),
  "routes/users.statement_.annual": key("titles.annualStatement"),
  "routes/users.withdraw._index": key("nav.withdrawalHistory"),
  "routes/users.withdraw.new": key("titles.withdrawNew"),
  "routes/users.withdraw.transfer": key("titles.transfer"),
  "routes/users.$": key("notFound.title"),
};

const MENU: NavLinkItem[] = [
  ...MEMBER_NAV,
  ...ADMIN_NAV.flatMap((item) => (item.kind === "link" ? [item] : item.children)),
];

/** The page's own name, or null (the app's name alone is the title then). */
export function pageName(t: Translate, matches: UIMatch[], pathname: string): string | null {
  for (const match of [...matches].reverse()) {
    const titler = PAGE_TITLES[match.id];
    const name = titler?.(t, match.data);
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
