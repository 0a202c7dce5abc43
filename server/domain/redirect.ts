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
