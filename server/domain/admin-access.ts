import type { Grant, Grants } from "../auth/permissions";

/** Every admin permission, in the order the role form lists them. */
export const permissions = [
  "members.view",
  "members.edit",
  "members.suspend",
  "members.export",
  "chat",
  "brokerAccounts.approve",
  "cashback.import",
  "money.decide",
  "money.bankFile",
  "money.adjust",
  "content",
  "legal",
  "settings",
  "team",
  "audit",
] as const;
export type Permission = (typeof permissions)[number];

/**
 * Which admin pages need which permission, shared by the admin area's guard
 * (a page outside the admin's role answers 403), the admin menu and the settings tabs (which
 * show only what the role reaches). Longest prefix first: the first that matches decides. The
 * pages' procedures check the same permissions on their own; this is what the admin sees.
 */
export const ADMIN_PAGES: readonly (readonly [prefix: string, permission: Permission])[] = [
  ["/admin/customer/messages", "chat"],
  ["/admin/customer", "members.view"],
  ["/admin/account/brokers", "cashback.import"],
  ["/admin/account", "brokerAccounts.approve"],
  ["/admin/cashback", "cashback.import"],
  ["/admin/ranking", "content"],
  ["/admin/present", "money.adjust"],
  ["/admin/withdraw", "money.decide"],
  ["/admin/affiliate/banners", "content"],
  ["/admin/affiliate", "cashback.import"],
  ["/admin/cb_marathon", "content"],
  ["/admin/campaigns", "content"],
  ["/admin/gachas", "content"],
  ["/admin/eas", "content"],
  ["/admin/update", "cashback.import"],
  ["/admin/popups", "content"],
  ["/admin/setting/zengin", "money.bankFile"],
  ["/admin/setting/legal", "legal"],
  ["/admin/setting/help", "legal"],
  ["/admin/setting/team", "team"],
  ["/admin/setting/audit", "audit"],
  ["/admin/setting", "settings"],
];

/** A member's chat under their customer page is the support chat's, not the customer list's. */
const CHAT_PAGE = /^\/admin\/customer\/[^/]+\/chat(\/|$)/;

/** The permission a page under /admin needs to be seen; null for the home (every admin). */
export function pagePermission(pathname: string): Permission | null {
  if (CHAT_PAGE.test(pathname)) return "chat";
  for (const [prefix, permission] of ADMIN_PAGES) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return permission;
  }
  return null;
}

/** Whether grants allow reading (`view`) or changing (`act`) under a permission. */
export function allows(grants: Grants, permission: Permission, need: Grant = "view"): boolean {
  const held = grants[permission];
  return held === "act" || (held === "view" && need === "view");
}

/** Whether the admin may open the page at `pathname` (its permission at "view"). */
export function mayOpen(grants: Grants, pathname: string): boolean {
  const permission = pagePermission(pathname);
  return permission === null || allows(grants, permission);
}

/**
 * The settings entry of the menu leads to the first of its tabs the admin may open; none, and
 * the entry is not shown.
 */
export const SETTING_TABS = [
  "/admin/setting",
  "/admin/setting/zengin",
  "/admin/setting/legal",
  "/admin/setting/help",
  "/admin/setting/team",
  "/admin/setting/audit",
] as const;

export function settingsEntry(grants: Grants): string | null {
  return SETTING_TABS.find((to) => mayOpen(grants, to)) ?? null;
}

/** The permission a work queue's items need (the home's queue and the menu's badges). */
export const QUEUE_PERMISSION = {
  withdrawals: "money.decide",
  transfers: "money.decide",
  accounts: "brokerAccounts.approve",
  licences: "content",
  eaAccounts: "content",
  chats: "chat",
} as const satisfies Record<string, Permission>;
