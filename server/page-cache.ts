import type { RequestHandler } from "express";

/** What a page answers when it chose no caching of its own: the members' and admins' pages. */
export const NO_STORE = "private, no-store";

/**
 * The caching rules every page, data request and resource route of the app keeps, whatever its
 * route forgot:
 * - an answer that names no Cache-Control is a member's or an admin's and is kept by nobody
 *   (`private, no-store`): only the public pages choose to be cached (app/lib/public-page);
 * - a 304 carries no Content-Security-Policy: the stored page keeps the policy whose nonce its
 *   scripts carry, and a cache that took a fresh nonce from the 304 would block them all.
 */
export function pageCacheRules(): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead.bind(res);
    res.writeHead = ((...args: Parameters<typeof res.writeHead>) => {
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", NO_STORE);
      if (res.statusCode === 304 || args[0] === 304) {
        res.removeHeader("Content-Security-Policy");
        res.removeHeader("Content-Length");
      }
      return writeHead(...args);
    }) as typeof res.writeHead;
    next();
  };
}
