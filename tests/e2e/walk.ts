import type { BrowserContext } from "@playwright/test";
import { ADMIN_NAV, enabled, MEMBER_NAV } from "#app/components/shell/nav-items";
import type { Db } from "#db";
import { DEMO_ADMIN, DEMO_MEMBER } from "#tools/seed";
import { DEFAULT_FEATURES } from "#server/config";
import { E2E_ORIGIN } from "./env";
import { signInByEmail, userIdByEmail } from "./fixtures";

/**
 * The pages the accessibility and journey suites walk. The sidebar and the admin menu come
 * from nav-items.ts (with the features the e2e server runs with: the defaults), so a new entry
 * is walked without touching the tests; sub-pages that no menu links are listed here.
 */

export type Lng = "ja" | "en";
export const LANGUAGES: Lng[] = ["ja", "en"];

/** The member sidebar's entries, in order. */
export const MEMBER_MENU = enabled(MEMBER_NAV, DEFAULT_FEATURES).map((item) => item.to);

/** The admin menu's entries, group children included, in order. */
export const ADMIN_MENU = enabled(ADMIN_NAV, DEFAULT_FEATURES).flatMap((item) =>
  item.kind === "link" ? [item.to] : enabled(item.children, DEFAULT_FEATURES).map((c) => c.to),
);

/**
 * Menu entries whose page is not built yet: their paths may answer the shell's 404 (allowed
 * for exactly these paths, and reported in the test's annotations). Empty: every entry of
 * both menus has its page. A new menu entry added before its page goes here until it lands.
 */
export const PENDING = new Set<string>([]);

/** Ids of seeded rows the detail pages need. */
export interface SeedIds {
  memberId: string;
  gachaId: string;
  eaId: string;
}

export async function seedIds(db: Db): Promise<SeedIds> {
  const memberId = await userIdByEmail(db, DEMO_MEMBER.email);
  const gacha = await db.kysely
    .selectFrom("gachas")
    .select("id")
    .where("published", "=", 1)
    .orderBy("starts_at")
    .executeTakeFirstOrThrow();
  const ea = await db.kysely
    .selectFrom("eas")
    .select("id")
    .orderBy("created_at")
    .executeTakeFirstOrThrow();
  return { memberId, gachaId: gacha.id, eaId: ea.id };
}

/** Member pages no sidebar entry links directly. */
export function memberSubPages(ids: SeedIds): string[] {
  return [
    "/users/withdraw/new",
    "/users/withdraw/transfer",
    "/users/change-email",
    "/users/security",
    "/users/cb_marathon/axi",
    "/users/gacha_logs",
    // The statement itself is in the member menu now.
    "/users/statement/annual",
    `/users/gachas/${ids.gachaId}`,
    "/users/ea/licenses",
    `/users/ea/${ids.eaId}`,
  ];
}

/** Admin pages no menu entry links directly: detail and secondary pages. */
export function adminSubPages(ids: SeedIds): string[] {
  return [
    `/admin/customer/${ids.memberId}`,
    `/admin/customer/${ids.memberId}/chat`,
    "/admin/customer/messages",
    "/admin/account/brokers",
    "/admin/account/brokers/new",
    `/admin/affiliate/${ids.memberId}`,
    "/admin/affiliate/banners",
    "/admin/setting/help",
    "/admin/setting/help/new",
    "/admin/update/profiles",
    "/admin/update/profiles/new",
    "/admin/withdraw/transfers",
    "/admin/cashback/margin",
    `/admin/gachas/${ids.gachaId}`,
    `/admin/gachas/${ids.gachaId}/rewards`,
    `/admin/gachas/${ids.gachaId}/gacha_logs`,
    `/admin/eas/${ids.eaId}`,
    "/admin/eas/create",
    "/admin/eas/accounts",
    "/admin/eas/licenses",
    "/admin/security",
    "/admin/ranking/battles",
    "/admin/ranking/battles/create",
    "/admin/popups/create",
  ];
}

export const PUBLIC_PAGES = [
  "/login",
  "/register",
  "/forgot-password",
  "/terms",
  "/privacy",
  "/legal",
  "/company",
  "/help",
  "/help/withdrawal-fees",
  "/welcome",
  "/brokers/xm",
];

/** Signs the context in as the seeded demo member or admin (a new session, no login page). */
export async function signInAs(
  context: BrowserContext,
  db: Db,
  who: "member" | "admin",
): Promise<void> {
  await signInByEmail(context, db, who === "admin" ? DEMO_ADMIN.email : DEMO_MEMBER.email);
}

/** The language the server renders (the cookie that mirrors the stored choice). */
export async function setLanguage(context: BrowserContext, lng: Lng): Promise<void> {
  await context.addCookies([{ name: "language", value: lng, url: E2E_ORIGIN }]);
  // The stored choice is the one the page keeps: make it agree, or the page reloads into it.
  await context.addInitScript((value) => {
    try {
      window.localStorage.setItem("language", value);
    } catch {
      // storage disabled
    }
  }, lng);
}
