/**
 * The app shell's rules from the spec's section 2, as pure functions so they are unit-tested
 * apart from the markup.
 */

export type Permission = "admin" | "member";

/**
 * - minimal: logo-only header, no navigation (auth undetermined, or a restricted page);
 * - member: the wide container with the 260 px sidebar ("/" and /users pages, non-admins);
 * - admin: the admin menu column (25 %) and content (75 %);
 * - split: every other page, menu column 25 % and content 75 %.
 */
export type LayoutKind = "minimal" | "member" | "admin" | "split";

export interface ShellViewer {
  permission: Permission;
}

export function isMemberArea(pathname: string): boolean {
  return pathname === "/" || pathname === "/users" || pathname.startsWith("/users/");
}

export function layoutFor(
  pathname: string,
  /** undefined: authentication undetermined; null: a visitor. */
  user: ShellViewer | null | undefined,
  restricted = false,
): LayoutKind {
  if (restricted || user === undefined) return "minimal";
  if (user?.permission === "admin") return "admin";
  if (isMemberArea(pathname)) return "member";
  return "split";
}

/** The dark-mode toggle is hidden, and light forced, on "/" and "/users". */
export function darkModeAllowed(pathname: string): boolean {
  return pathname !== "/" && pathname !== "/users";
}

export type Theme = "light" | "dark";
export const THEME_COOKIE = "theme";
export const THEME_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function themeFromCookieHeader(header: string | null | undefined): Theme {
  const match = header?.match(/(?:^|;\s*)theme=([^;]*)/);
  return match?.[1] === "dark" ? "dark" : "light";
}

export function effectiveTheme(pathname: string, chosen: Theme): Theme {
  return darkModeAllowed(pathname) ? chosen : "light";
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
