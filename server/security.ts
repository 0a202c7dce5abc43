import { randomFillSync } from "node:crypto";
import type { RequestHandler } from "express";
import type { Config } from "./config";
import type { Logger } from "./logger";

/** Third-party hosts the page may use: the tag manager and the advertising pixel. */
const TAG_HOSTS = {
  script: ["https://www.googletagmanager.com", "https://connect.facebook.net"],
  img: [
    "https://www.googletagmanager.com",
    "https://www.google-analytics.com",
    "https://www.facebook.com",
  ],
  connect: [
    "https://www.google-analytics.com",
    "https://region1.google-analytics.com",
    "https://www.facebook.com",
    "https://connect.facebook.net",
  ],
  frame: ["https://www.googletagmanager.com"],
};

/**
 * What the LIFF SDK reaches on the LIFF landing page only: LINE's API (the LIFF app's settings,
 * the token checks), its SDK host, and the extension scripts it loads inside LINE's browser.
 */
const LIFF_HOSTS = {
  script: ["https://static.line-scdn.net"],
  connect: ["https://api.line.me", "https://liffsdk.line-scdn.net"],
};

/** The LIFF landing page's paths (server/domain/liff.ts's LIFF_PATH and the pages under it). */
const isLiffPath = (path: string) => path === "/liff" || path.startsWith("/liff/");

/**
 * Cross-Origin-Opener-Policy: same-origin, except along signing in with LINE in a popup. The
 * popup goes to LINE and back, and must still reach the login page that opened it to tell it
 * where to go: the login page lets its popups keep it (same-origin-allow-popups) and the
 * popup's own pages ask for no isolation (unsafe-none); with same-origin on either, the browser
 * severs the two windows and the member ends up signed in inside the popup.
 */
function openerPolicy(path: string): string {
  if (path.startsWith("/login/line/")) return "unsafe-none";
  if (path === "/login") return "same-origin-allow-popups";
  return "same-origin";
}

export function contentSecurityPolicy(
  nonce: string,
  config: Config,
  { liff = false }: { liff?: boolean } = {},
): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [
      "'self'",
      `'nonce-${nonce}'`,
      ...TAG_HOSTS.script,
      ...(liff ? LIFF_HOSTS.script : []),
    ],
    // React and Headless UI set style attributes; styles cannot run code.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...TAG_HOSTS.img],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...TAG_HOSTS.connect, ...(liff ? LIFF_HOSTS.connect : [])],
    "frame-src": TAG_HOSTS.frame,
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  const policy = Object.entries(directives).map(([k, v]) => `${k} ${v.join(" ")}`);
  if (config.COOKIE_SECURE) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/**
 * A page's CSP nonce: 16 random bytes, base64. They are cut from a pool filled 4 KB at a time,
 * so a page costs no call into the system's random source of its own (on this kind of host one
 * such call cost about 50 µs, a percent of a page); each byte is handed out once.
 */
const nonces = { pool: Buffer.alloc(4096), used: 4096 };
export function cspNonce(): string {
  if (nonces.used === nonces.pool.length) {
    randomFillSync(nonces.pool);
    nonces.used = 0;
  }
  nonces.used += 16;
  return nonces.pool.toString("base64", nonces.used - 16, nonces.used);
}

/**
 * Security headers on every response; the CSP nonce is left in res.locals for the page.
 * The build's scripts and style sheets get only the headers that mean something for them
 * (nosniff, HSTS): the page policies would add about a kilobyte to each of the two dozen
 * files a page loads, for nothing.
 */
export function securityHeaders(config: Config): RequestHandler {
  // The policy is the same on every page but for its nonce: written once, around it.
  const [policyBefore, policyAfter] = contentSecurityPolicy("\0", config).split("\0");
  const [liffBefore, liffAfter] = config.LIFF_ID
    ? contentSecurityPolicy("\0", config, { liff: true }).split("\0")
    : [policyBefore, policyAfter];
  return (req, res, next) => {
    if (config.COOKIE_SECURE) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (req.path.startsWith("/build/")) return next();
    const nonce = cspNonce();
    res.locals.cspNonce = nonce;
    res.setHeader(
      "Content-Security-Policy",
      isLiffPath(req.path)
        ? `${liffBefore}${nonce}${liffAfter}`
        : `${policyBefore}${nonce}${policyAfter}`,
    );
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", openerPolicy(req.path));
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests made from another site (CSRF): a browser names the page's
 * origin in `Origin` and the relation in `Sec-Fetch-Site`; either pointing elsewhere is refused.
 * Requests with neither header come from non-browser clients, which carry no ambient cookies.
 */
export function sameOriginOnly(config: Config): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    // Same origin means the configured public origin, or the host this request was sent to
    // (so http://127.0.0.1:3000 works as well as http://localhost:3000 on a demo machine).
    const ownOrigin = `${req.protocol}://${req.get("host") ?? ""}`;
    const crossOrigin =
      origin === "null" ||
      (origin !== undefined && origin !== config.APP_ORIGIN && origin !== ownOrigin);
    const crossSite = site !== undefined && site !== "same-origin" && site !== "none";
    if (crossOrigin || crossSite) {
      req.log?.warn({ origin, site }, "cross-origin state-changing request refused");
      res.status(403).json({ error: "cross-origin request refused" });
      return;
    }
    next();
  };
}

/**
 * Behind a reverse proxy with `TRUST_PROXY=0` every client looks like the proxy's address, so
 * the per-address attempt limits would count everyone behind it as one client. Said once in
 * the log, the first time a forwarded request shows it.
 */
export function warnUntrustedProxy(config: Config, log: Logger): RequestHandler {
  let warned = config.TRUST_PROXY > 0;
  return (req, _res, next) => {
    if (!warned && req.headers["x-forwarded-for"]) {
      warned = true;
      log.warn(
        "a request came through a proxy (X-Forwarded-For) but TRUST_PROXY is 0: every client " +
          "shares the proxy's address for the per-address limits; set TRUST_PROXY to the number of proxies",
      );
    }
    next();
  };
}
