/**
 * The one function every redirect target taken from input goes through (login's `redirect`,
 * the MFA step's): a path on this site, or the fallback. Checked twice, before and after the
 * URL parser normalises it, because normalising can make a harmless-looking path off-site:
 * "/a/..//evil.example" and "/%2e%2e//evil.example" both become "//evil.example".
 */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== "string" || target.length > 2048) return fallback;
  // Browsers drop tabs and newlines from a Location and read "\" as "/": refuse them all.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  if (!isSitePath(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, "http://portal.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://portal.invalid") return fallback;
  const result = url.pathname + url.search + url.hash;
  return isSitePath(result) ? result : fallback;
}

/** "/…" but not "//…" (another host) and not "/\…" (the same, to a browser). */
function isSitePath(path: string): boolean {
  return path.startsWith("/") && path[1] !== "/" && path[1] !== "\\";
}

/** Each role's home: the page "/" and a refused area send a signed-in person to. */
export function homeFor(permission: "admin" | "member"): string {
  return permission === "admin" ? "/admin" : "/users";
}

/** Where an admin without a second factor is sent: the only admin page open to them. */
export const ADMIN_ENROL_PATH = "/admin/security";

/** The notice a member must agree to before acting again when the terms ask for it. */
export const CONSENT_PATH = "/users/consent";

/** The consent notice, coming back to the page (a GET) or the form's page (an action) after. */
export function consentUrlFor(request: { url: string; method: string }): string {
  const url = new URL(request.url);
  const back = request.method === "GET" ? url.pathname + url.search : url.pathname;
  return `${CONSENT_PATH}?${new URLSearchParams({ redirect: back }).toString()}`;
}

/**
 * Where a signed-out visitor goes: /login; campaign pages carry a `redirect` back (after
 * logout, `loggedOut` is kept so the login page can say so). A session that just ended (idle
 * too long, or past its lifetime) says so on the login page and comes back to the page after.
 */
export function loginUrlFor(
  request: { url: string; method: string },
  ended: "idle" | "expired" | null = null,
): string {
  const url = new URL(request.url);
  if (url.searchParams.has("loggedOut")) return "/login?loggedOut=true";
  const path = url.pathname;
  // A GET page can be opened again; an action's form post cannot, so it returns to its page.
  const back = request.method === "GET" ? path + url.search : path;
  if (ended) return `/login?${new URLSearchParams({ ended, redirect: back }).toString()}`;
  if (path === "/users/campaigns" || path.startsWith("/users/campaigns/")) {
    return `/login?${new URLSearchParams({ redirect: path + url.search }).toString()}`;
  }
  return "/login";
}

/**
 * The refusals that say "not for you" rather than "not like that": the procedures' role checks.
 * Wherever a loader or action meets one, it answers as the area's guard would: a visitor goes to
 * login (and back after), the wrong role to "/" (which sends each role home), an admin without
 * a second factor to enrol one. A form never shows them as its error.
 */
export function roleRefusalTarget(
  error: unknown,
  request: { url: string; method: string },
  ended: "idle" | "expired" | null = null,
): string | null {
  const e = error as { name?: unknown; code?: unknown; message?: unknown } | null;
  if (!e || e.name !== "TRPCError") return null;
  if (e.code === "UNAUTHORIZED" && e.message === "loginRequired")
    return loginUrlFor(request, ended);
  if (e.code === "FORBIDDEN" && e.message === "forbidden") return "/";
  if (e.code === "FORBIDDEN" && e.message === "mfaEnrolmentRequired") return ADMIN_ENROL_PATH;
  if (e.code === "FORBIDDEN" && e.message === "consentRequired") return consentUrlFor(request);
  return null;
}

/** Whether an error is one of the role refusals above. */
export function isRoleRefusal(error: unknown): boolean {
  return roleRefusalTarget(error, { url: "http://portal.invalid/", method: "GET" }) !== null;
}
