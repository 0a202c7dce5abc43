import type { FeatureFlags } from "#server/config";

export type IconName =
  | "dashboard"
  | "marathon"
  | "campaign"
  | "profile"
  | "message"
  | "account"
  | "ea"
  | "cashback"
  | "battle"
  | "ranking"
  | "deposit"
  | "withdraw"
  | "statement"
  | "gacha"
  | "affiliate"
  | "line"
  | "website"
  | "help"
  | "logout"
  | "login"
  | "register";

export interface NavLinkItem {
  kind: "link";
  to: string;
  labelKey: string;
  icon?: IconName;
  feature?: keyof FeatureFlags;
}

/**
 * The member sidebar: the specification's 15 entries in their fixed order, and the statement
 * added after the two entries that hold money (deposit and withdrawal history).
 */
export const MEMBER_NAV: NavLinkItem[] = [
  { kind: "link", to: "/users", labelKey: "nav.dashboard", icon: "dashboard" },
  {
    kind: "link",
    to: "/users/cb_marathon",
    labelKey: "nav.marathon",
    icon: "marathon",
    feature: "cashbackMarathon",
  },
  { kind: "link", to: "/users/campaign", labelKey: "nav.campaign", icon: "campaign" },
  { kind: "link", to: "/users/mypage", labelKey: "nav.profile", icon: "profile" },
  { kind: "link", to: "/users/chat", labelKey: "nav.message", icon: "message" },
  { kind: "link", to: "/users/bank", labelKey: "nav.account", icon: "account" },
  { kind: "link", to: "/users/ea", labelKey: "nav.ea", icon: "ea" },
  { kind: "link", to: "/users/cashback", labelKey: "nav.cashback", icon: "cashback" },
  { kind: "link", to: "/users/cashback-battle", labelKey: "nav.battle", icon: "battle" },
  { kind: "link", to: "/users/ranking", labelKey: "nav.ranking", icon: "ranking" },
  { kind: "link", to: "/users/present", labelKey: "nav.depositHistory", icon: "deposit" },
  { kind: "link", to: "/users/withdraw", labelKey: "nav.withdrawalHistory", icon: "withdraw" },
  { kind: "link", to: "/users/statement", labelKey: "nav.statement", icon: "statement" },
  { kind: "link", to: "/users/gachas", labelKey: "nav.gachas", icon: "gacha", feature: "gacha" },
  { kind: "link", to: "/users/affiliate", labelKey: "nav.affiliate", icon: "affiliate" },
  { kind: "link", to: "/users/line-connect", labelKey: "nav.lineNotification", icon: "line" },
];

/**
 * The logged-out sidebar: login, register (a relative path: it resolves from the page it is
 * on), and the public broker rates.
 */
export const VISITOR_NAV: NavLinkItem[] = [
  { kind: "link", to: "/login", labelKey: "nav.login", icon: "login" },
  { kind: "link", to: "register", labelKey: "nav.register", icon: "register" },
  { kind: "link", to: "/brokers", labelKey: "nav.brokers", icon: "cashback" },
];

export interface NavGroupItem {
  kind: "group";
  id: string;
  labelKey: string;
  children: NavLinkItem[];
  feature?: keyof FeatureFlags;
}

export type AdminNavItem = NavLinkItem | NavGroupItem;

/**
 * An admin menu group for an entity with a list and a create form: /admin/<id> and
 * /admin/<id>/create, labelled admin.<id>, admin.<one>List and admin.<one>Create.
 */
function entityGroup(id: string, one: string, feature?: keyof FeatureFlags): NavGroupItem {
  return {
    kind: "group",
    id,
    labelKey: `admin.${id}`,
    feature,
    children: [
      { kind: "link", to: `/admin/${id}`, labelKey: `admin.${one}List` },
      { kind: "link", to: `/admin/${id}/create`, labelKey: `admin.${one}Create` },
    ],
  };
}

/**
 * The admin menu's entries 1-15 in their fixed order; the external website link (16) and
 * logout (17) follow them in the menu component. Campaigns and gachas are groups: choosing
 * them opens their sub-entries instead of closing the drawer.
 */
export const ADMIN_NAV: AdminNavItem[] = [
  { kind: "link", to: "/admin", labelKey: "admin.home" },
  { kind: "link", to: "/admin/customer", labelKey: "admin.customers" },
  { kind: "link", to: "/admin/account", labelKey: "admin.accounts" },
  { kind: "link", to: "/admin/cashback", labelKey: "admin.cashback" },
  { kind: "link", to: "/admin/ranking", labelKey: "admin.ranking" },
  { kind: "link", to: "/admin/present", labelKey: "admin.presents" },
  { kind: "link", to: "/admin/withdraw", labelKey: "admin.withdrawals" },
  { kind: "link", to: "/admin/affiliate", labelKey: "admin.affiliates" },
  {
    kind: "link",
    to: "/admin/cb_marathon",
    labelKey: "admin.marathon",
    feature: "cashbackMarathon",
  },
  entityGroup("campaigns", "campaign"),
  entityGroup("gachas", "gacha", "gacha"),
  { kind: "link", to: "/admin/eas", labelKey: "admin.eas" },
  { kind: "link", to: "/admin/update", labelKey: "admin.update" },
  { kind: "link", to: "/admin/popups", labelKey: "admin.popups" },
  { kind: "link", to: "/admin/setting", labelKey: "admin.settings" },
];

export function enabled<T extends { feature?: keyof FeatureFlags }>(
  items: T[],
  features: FeatureFlags,
): T[] {
  return items.filter((item) => !item.feature || features[item.feature]);
}
