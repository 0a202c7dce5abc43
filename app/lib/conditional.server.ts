import { createHash } from "node:crypto";

/**
 * Conditional requests for what a shared cache may keep (public pages, sitemap.xml, robots.txt,
 * preview images): a weak ETag over what the answer is made of, and 304 Not Modified when the
 * client or the CDN already holds it. Weak, because the same page goes out compressed in more
 * than one way and means the same in each.
 */
export function weakEtag(...parts: (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/** Whether If-None-Match names this ETag (compared weakly, as RFC 9110 says for GET), or `*`. */
export function isFresh(request: Request, etag: string): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/**
 * The headers a 304 repeats (RFC 9110 15.4.5): those that would have described the 200. The
 * body's type and length are not among them: the client keeps the ones it stored.
 */
const REPEATED = ["Cache-Control", "ETag", "Vary", "Expires", "Content-Location"];

export function notModified(headers: Headers): Response {
  const kept = new Headers();
  for (const name of REPEATED) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return new Response(null, { status: 304, headers: kept });
}

/**
 * A finished body as a response with its ETag, or 304 when the request already holds it.
 * `version` is what the body is made of when that is cheaper to hash than the body itself.
 */
export function conditional(
  request: Request,
  body: string | Uint8Array,
  init: { headers: Record<string, string> | Headers; version?: string },
): Response {
  const headers = new Headers(init.headers);
  const etag = weakEtag(init.version ?? body);
  headers.set("ETag", etag);
  if (isFresh(request, etag)) return notModified(headers);
  // A copy on its own ArrayBuffer: the DOM's BodyInit takes no view over a shared buffer.
  return new Response(typeof body === "string" ? body : new Uint8Array(body), {
    status: 200,
    headers,
  });
}
