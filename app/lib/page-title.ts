import type { UIMatch } from "@remix-run/react";
import { ADMIN_NAV, MEMBER_NAV, type NavLinkItem } from "~/components/shell/nav-items";

/**
 * Each page's <title> (the browser tab, the history, a bookmark): "<page> | <app name>", where
 * <page> is the page's heading. One table, by route id, so no page module repeats the pattern;
 * a page with a name of its own (a campaign, a gacha, an EA) takes it from its loader's data.
 * Pages not in the table take their menu entry's label (the same words as their heading), then
 * the app's name alone.
 */

/** The translate function: keys of the common namespace, or "namespace:key". */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

type Titler = (t: Translate, data: unknown) => string | undefined;

/** A key of the common namespace, or of another as "namespace:key". */
/**
 * A tab of an area whose pages share one heading: "<tab> | <heading>", so each page has a
 * title of its own that still names the heading it shows.
 */
const tab =
  (tabKey: string, headingKey: string): Titler =>
  (t) =>
    `${t(tabKey)} | ${t(headingKey)}`;

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
    if (typeof value !== "string") return undefined;
    return wrap ? t(wrap, { [param]: value }) : value;
  };

/**
 * By route id. A page's title is its heading (the <h1>): the entry names the very key (or the
 * loader's value) the heading shows, in the heading's namespace, so the two cannot disagree.
 * A layout's entry (the withdrawal tabs, a gacha's sub-pages) serves the pages under its one
 * heading. tests/e2e/page-titles.spec.ts checks every walked page against its heading.
 */
export const PAGE_TITLES: Record<string, Titler> = {
  "routes/$": key("notFound.title"),
  "routes/_auth.login": key("auth:title.login"),
  "routes/_auth.login_.mfa": key("auth:title.mfa"),
  "routes/_auth.register": key("auth:title.register"),
  "routes/_public.forgot-password": key("auth:title.forgot"),
  "routes/_public.reset-password": key("auth:title.reset"),
  "routes/_public.verify-email": key("auth:title.verify"),
  "routes/_public.recover-email": key("auth:title.recoverEmail"),
  "routes/_public.confirm-email-change": key("auth:title.confirmEmailChange"),
  // Public: the rate card visitors find from search and share.
  "routes/_public.brokers": key("nav.brokers"),
  "routes/_public.terms": key("legal:kinds.terms"),
  "routes/_public.privacy": key("legal:kinds.privacy"),
  "routes/_public.legal": key("legal:kinds.legal"),
  "routes/_public.company": key("legal:kinds.company"),
  "routes/users.consent": key("footer.terms"),
  "routes/_public.help._index": key("titles.help"),
  "routes/_public.help.$slug": named("article.title"),
  "routes/users._index": key("nav.dashboard"),
  "routes/users.affiliate": key("nav.affiliate"),
  "routes/users.bank": key("accounts:title"),
  "routes/users.campaign": key("campaign:title"),
  "routes/users.campaigns._index": key("campaign:title"),
  "routes/users.campaigns.$id._index": named("campaign.title"),
  "routes/users.campaigns.$id.complete": named("campaign.title", "titles.campaignEntered"),
  "routes/users.cashback-battle": key("battle:title"),
  "routes/users.cashback._index": key("nav.cashback"),
  "routes/users.cb_marathon._index": key("marathon:title"),
  "routes/users.cb_marathon.axi": tab("titles.marathonAxi", "marathon:title"),
  "routes/users.change-email": key("titles.changeEmail"),
  "routes/users.chat": key("chat:title"),
  "routes/users.ea._index": key("ea:title"),
  "routes/users.ea.$id._index": named("ea.name"),
  "routes/users.ea.licenses": key("ea:licenses.title"),
  "routes/users.gacha_logs": key("gacha:logs.title"),
  "routes/users.gachas._index": key("nav.gachas"),
  "routes/users.gachas.$gachaId._index": named("gacha.name"),
  "routes/users.gachas.$gachaId.draw": named("gacha.name", "titles.gachaDraw"),
  "routes/users.line-connect": key("line:title"),
  "routes/users.mypage": key("nav.profile"),
  "routes/users.present": key("wallet:deposit.title"),
  "routes/users.ranking": key("nav.ranking"),
  "routes/users.security": key("titles.security"),
  "routes/users.statement": key("statement:title"),
  "routes/users.statement_.annual": (t, data) => {
    const year = (data as { annual?: { year?: number } } | undefined)?.annual?.year;
    return year ? t("statement:annual.titleYear", { year }) : undefined;
  },
  // The withdrawal, transfer and history tabs share the heading above the tabs.
  "routes/users.withdraw": key("wallet:title"),
  "routes/users.withdraw.new": tab("wallet:tabs.new", "wallet:title"),
  "routes/users.withdraw.transfer": tab("wallet:tabs.transfer", "wallet:title"),
  "routes/admin.setting_.help._index": key("help:admin.title"),
  "routes/admin.setting_.help.new": key("help:admin.new"),
  "routes/admin.setting_.help.$id": key("help:admin.edit"),
  "routes/users.$": key("notFound.title"),
  "routes/admin._index": key("cashback:home.title"),
  "routes/admin.$": key("notFound.title"),
  "routes/admin_.security": key("auth:title.security"),
  "routes/admin.account.brokers._index": key("admin:brokers.title"),
  "routes/admin.account.brokers.new": key("admin:brokers.new"),
  "routes/admin.account.brokers.$id": named("broker.name", "admin:brokers.edit"),
  "routes/admin.affiliate._index": key("affiliate:admin.title"),
  "routes/admin.affiliate.$id": named("referrer.nickname"),
  "routes/admin.affiliate.banners": key("affiliate:bannerAdmin.title"),
  "routes/admin.campaigns.$id": named("campaign.title"),
  "routes/admin.campaigns.create": key("campaign:admin.create"),
  "routes/admin.customer.$id": named("customer.profile.nickname"),
  "routes/admin.customer.$id_.chat": named("member.nickname", "chat:admin.title", "nickname"),
  "routes/admin.customer.messages": key("chat:admin.inbox"),
  "routes/admin.eas.$id": named("ea.name"),
  "routes/admin.eas.accounts": key("ea:admin.accounts.title"),
  "routes/admin.eas.create": key("ea:admin.create"),
  "routes/admin.eas.licenses._index": key("ea:admin.licenses.title"),
  "routes/admin.eas.licenses.create": key("ea:admin.issue.title"),
  "routes/admin.eas.requests": key("ea:admin.requests.title"),
  "routes/admin.gachas.$gachaId": named("gacha.name"),
  "routes/admin.gachas.create": key("gacha:admin.create"),
  "routes/admin.popups.$id": key("popup:admin.edit"),
  "routes/admin.popups.create": key("popup:admin.create"),
  "routes/admin.ranking": key("ranking:adminTitle"),
  "routes/admin.ranking_.battles._index": key("battle:admin.title"),
  "routes/admin.ranking_.battles.$id": named("battle.title"),
  "routes/admin.ranking_.battles.$id_.edit": key("battle:admin.edit"),
  "routes/admin.ranking_.battles.create": key("battle:admin.create"),
  "routes/admin.setting_.zengin": key("admin-money:zengin.settings.title"),
  "routes/admin.update.$batchId": named("batch.fileName"),
  "routes/admin.update.profiles._index": tab("adminTabs.update.profiles", "cashback:update.title"),
  "routes/admin.update.profiles.new": key("cashback:profiles.new"),
  "routes/admin.update.profiles.$id": named("profile.name", "cashback:profiles.edit"),
  "routes/admin.withdraw": key("admin-money:withdrawals.title"),
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
