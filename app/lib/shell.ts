import type { Titler } from "./page-title";
/**
 * The app shell's rules, as pure functions so they are unit-tested apart from the markup. The
 * shell is chosen from what the matched routes declare in their `handle` (an area's layout
 * route says which area), never from the URL.
 */

export type Permission = "admin" | "member";

/**
 * - minimal: logo-only header, no navigation (authentication undetermined);
 * - member: the wide container with the 260 px sidebar (the member area, for non-admins);
 * - admin: the admin menu column (25 %) and content (75 %);
 * - split: every other page, menu column 25 % and content 75 %.
 */
export type LayoutKind = "minimal" | "member" | "admin" | "split";

/** The areas with a layout route of their own (`users.tsx`, `admin.tsx`). */
export type Area = "member" | "admin";

/** What a route module's `handle` may say about the shell around it. */
export interface RouteHandle {
  i18n?: string | string[];
  /** Set by an area's layout route: every page under it is in that area. */
  area?: Area;
  /** The dark-mode toggle is hidden, and light forced (the member home). */
  lightOnly?: boolean;
  /** The page's name in its <title> (app/lib/page-title.ts). */
  title?: Titler;
}

export interface ShellViewer {
  permission: Permission;
}

/** The shell the matched routes ask for: the innermost route that says wins. */
export function shellOf(handles: readonly unknown[]): { area: Area | null; lightOnly: boolean } {
  let area: Area | null = null;
  let lightOnly = false;
  for (const handle of handles as (RouteHandle | undefined)[]) {
    if (handle?.area) area = handle.area;
    if (handle?.lightOnly) lightOnly = true;
  }
  return { area, lightOnly };
}

export function layoutFor(
  area: Area | null,
  /** undefined: authentication undetermined; null: a visitor. */
  user: ShellViewer | null | undefined,
): LayoutKind {
  if (user === undefined) return "minimal";
  if (user?.permission === "admin") return "admin";
  if (area === "member") return "member";
  return "split";
}

export type Theme = "light" | "dark";
export const THEME_COOKIE = "theme";
export const THEME_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function themeFromCookieHeader(header: string | null | undefined): Theme {
  const match = header?.match(/(?:^|;\s*)theme=([^;]*)/);
  return match?.[1] === "dark" ? "dark" : "light";
}

export function effectiveTheme(lightOnly: boolean, chosen: Theme): Theme {
  return lightOnly ? "light" : chosen;
}

/** Home links ("/", "/admin", "/users") are current only on their exact path. */
export const EXACT_MATCH_PATHS = new Set(["/", "/admin", "/users"]);

/** Links that also stand for another path's pages: the sidebar's "Campaign" for /users/campaigns/…. */
const ALSO_CURRENT_UNDER: Record<string, string> = { "/users/campaign": "/users/campaigns" };

export function isCurrentPath(pathname: string, to: string): boolean {
  if (EXACT_MATCH_PATHS.has(to)) return pathname === to;
  const also = ALSO_CURRENT_UNDER[to];
  if (also && (pathname === also || pathname.startsWith(also + "/"))) return true;
  return pathname === to || pathname.startsWith(to + "/");
}
