import { existsSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/**
 * Serves the Brotli file the build wrote beside a script or style sheet (`x.js.br`, quality 11,
 * see scripts/build-server.mjs) to browsers that accept Brotli: about a fifth smaller than the
 * gzip the response compression makes on the fly (server/compression.ts), and no compression work per request. Anything else
 * (no .br file, no Brotli, another type) falls through to express.static.
 */
export function precompressed(root: string, maxAgeMs: number): RequestHandler {
  const base = path.resolve(root);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = TYPES[path.extname(req.path)];
    if (!type || req.acceptsEncodings("br", "identity") !== "br") return next();
    let file: string;
    try {
      file = path.join(base, decodeURIComponent(req.path)) + ".br";
    } catch {
      return next();
    }
    if (!file.startsWith(base + path.sep) || !existsSync(file)) return next();
    res.vary("Accept-Encoding");
    res.sendFile(
      file,
      {
        maxAge: maxAgeMs,
        immutable: true,
        etag: false,
        lastModified: false,
        acceptRanges: false,
        headers: { "Content-Type": type, "Content-Encoding": "br" },
      },
      (err: (Error & { code?: string; syscall?: string }) | undefined) => {
        // A browser that navigated away mid-file is not an error: there is nobody to answer
        // (the same test express's own res.download makes).
        if (err && err.code !== "ECONNABORTED" && err.syscall !== "write") next(err);
      },
    );
  };
}
