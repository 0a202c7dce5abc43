import {
  type BrotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  type Gzip,
} from "node:zlib";
import type { RequestHandler, Response } from "express";

export type Encoding = "br" | "gzip";

/** A body known to be shorter goes as it is: a compressed copy would save a packet at most. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * The largest Brotli window, 2^16 bytes (64 KB less 16): the member pages are 18–55 KB, so a
 * page fits in it whole. The default window (2^22, 4 MB) made each response's encoder take
 * megabytes of memory: with ten responses in flight, Brotli cost 2.0–2.5 ms of CPU per page
 * against 0.2–0.3 ms with this window, for the same bytes out.
 */
export const BROTLI_MAX_WINDOW_BITS = 16;
/** Brotli's smallest window (BROTLI_MIN_WINDOW_BITS). */
const BROTLI_MIN_WINDOW_BITS = 10;

/** Response types worth compressing: text, JSON, JavaScript, XML and SVG. */
const COMPRESSIBLE =
  /^\s*(?:text\/|application\/(?:json|javascript|ecmascript|xml|manifest\+json|[\w.-]+\+(?:json|xml))|image\/svg\+xml)/i;

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** The q-value the Accept-Encoding header gives an encoding (a `*` counts for any); 0 if none. */
function quality(acceptEncoding: string, coding: string): number {
  let named: number | null = null;
  let any: number | null = null;
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (name !== coding && name !== "*") continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/.exec(param);
      if (match) q = Math.min(1, Number(match[1]) || 0);
    }
    if (name === coding) named = q;
    else any = q;
  }
  return named ?? any ?? 0;
}

/**
 * The encoding of one response: none for a body known to be under MIN_COMPRESSED_BYTES;
 * otherwise Brotli when the client accepts it at least as much as gzip (smaller, and with the
 * window above as cheap), else gzip, else none.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  length: number | undefined,
): Encoding | null {
  if (!acceptEncoding) return null;
  if (length !== undefined && length < MIN_COMPRESSED_BYTES) return null;
  const br = quality(acceptEncoding, "br");
  const gzip = quality(acceptEncoding, "gzip");
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return null;
}

/**
 * Brotli's window for a body: the smallest that holds it when its length is known (with the
 * length as the encoder's size hint), else BROTLI_MAX_WINDOW_BITS.
 */
export function brotliWindowBits(length: number | undefined): number {
  if (length === undefined) return BROTLI_MAX_WINDOW_BITS;
  // The window holds 2^bits - 16 bytes.
  const bits = Math.ceil(Math.log2(length + 16));
  return Math.min(BROTLI_MAX_WINDOW_BITS, Math.max(BROTLI_MIN_WINDOW_BITS, bits));
}

/**
 * The compressor of one response, at the cheapest levels that still compress well: Brotli 2
 * and gzip 1 (the default levels spent twice the CPU for 8–12 % fewer bytes).
 */
export function compressor(encoding: Encoding, length: number | undefined): Gzip | BrotliCompress {
  if (encoding === "gzip") return createGzip({ level: 1 });
  return createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 2,
      [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(length),
      ...(length === undefined ? {} : { [constants.BROTLI_PARAM_SIZE_HINT]: length }),
    },
  });
}

function addVary(res: Response) {
  const vary = res.getHeader("Vary");
  const current = Array.isArray(vary) ? vary.join(", ") : String(vary ?? "");
  if (current.trim() === "*" || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(current)) return;
  res.setHeader("Vary", current.trim() ? `${current}, Accept-Encoding` : "Accept-Encoding");
}

const byteLength = (chunk: unknown, encoding?: BufferEncoding): number =>
  chunk === undefined || chunk === null || typeof chunk === "function"
    ? 0
    : Buffer.isBuffer(chunk) || chunk instanceof Uint8Array
      ? chunk.length
      : Buffer.byteLength(String(chunk), encoding);

const toBuffer = (chunk: unknown, encoding?: BufferEncoding): Buffer =>
  Buffer.isBuffer(chunk)
    ? chunk
    : chunk instanceof Uint8Array
      ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length)
      : Buffer.from(String(chunk), encoding);

/**
 * Compression of what the server makes per request (HTML, tRPC JSON), chosen per response as
 * its headers go out (chooseEncoding, compressor): the body's length is known there when the
 * handler set Content-Length (the server's documents do) or ended the response in one write; a
 * streamed body is compressed as it streams, with the largest window. Responses that already carry a
 * Content-Encoding (the build's Brotli files), HEAD requests, `Cache-Control: no-transform`,
 * types that do not compress and bodiless statuses go as they are; every compressible type is
 * marked `Vary: Accept-Encoding`. The build's scripts and styles are compressed once, at the
 * highest level, by `npm run build` (server/precompressed.ts).
 */
export function responseCompression(): RequestHandler {
  return (req, res, next) => {
    const rawWrite = res.write.bind(res) as (chunk: unknown, encoding?: BufferEncoding) => boolean;
    const rawEnd = res.end.bind(res) as (chunk?: unknown, encoding?: BufferEncoding) => Response;
    const rawOn = res.on.bind(res);
    const rawWriteHead = res.writeHead.bind(res);
    let stream: Gzip | BrotliCompress | null = null;
    let ended = false;
    let closed = false;
    let endLength: number | undefined;
    let declaredLength = false;
    let drainListeners: ((...args: unknown[]) => void)[] | null = [];

    const start = () => {
      const listeners = drainListeners ?? [];
      drainListeners = null;
      const type = String(res.getHeader("Content-Type") ?? "");
      if (!COMPRESSIBLE.test(type)) return listeners.forEach((l) => rawOn("drain", l));
      addVary(res);
      const declared = res.getHeader("Content-Length");
      declaredLength = declared !== undefined;
      const length = declared === undefined ? endLength : Number(declared);
      const encoding =
        req.method === "HEAD" ||
        res.statusCode === 204 ||
        res.statusCode === 304 ||
        res.getHeader("Content-Encoding") !== undefined ||
        NO_TRANSFORM.test(String(res.getHeader("Cache-Control") ?? ""))
          ? null
          : chooseEncoding(req.headers["accept-encoding"], length);
      if (!encoding || closed) return listeners.forEach((l) => rawOn("drain", l));
      const compressing = compressor(encoding, length);
      stream = compressing;
      res.setHeader("Content-Encoding", encoding);
      res.removeHeader("Content-Length");
      for (const l of listeners) compressing.on("drain", l);
      compressing.on("data", (chunk: Buffer) => {
        if (!rawWrite(chunk)) compressing.pause();
      });
      compressing.on("end", () => rawEnd());
      rawOn("drain", () => compressing.resume());
    };

    res.writeHead = ((status: number, ...rest: unknown[]) => {
      // The status and any headers given here first, so the choice sees the final ones (and a
      // Content-Length given here is dropped with the others when the body is compressed).
      res.statusCode = status;
      const message = typeof rest[0] === "string" ? rest.shift() : undefined;
      const headers = rest[0];
      if (headers && typeof headers === "object" && !Array.isArray(headers)) {
        for (const [name, value] of Object.entries(headers))
          if (value !== undefined) res.setHeader(name, value as string | number | string[]);
      } else if (headers !== undefined) {
        if (drainListeners) start();
        return rawWriteHead(status, ...(rest as []));
      }
      if (drainListeners) start();
      return message === undefined ? rawWriteHead(status) : rawWriteHead(status, message as string);
    }) as Response["writeHead"];

    // Remix flushes after each chunk it writes: a part of a body that streams in later goes out
    // then, not at the end. A body of declared length (a document) comes whole: a flush would
    // only cost the compressor another call and the response a few bytes.
    (res as Response & { flush: () => void }).flush = () => {
      if (!declaredLength) stream?.flush();
    };

    res.write = ((chunk: unknown, encoding?: unknown) => {
      if (ended) return false;
      if (!res.headersSent) res.writeHead(res.statusCode);
      const enc = typeof encoding === "string" ? (encoding as BufferEncoding) : undefined;
      return stream ? stream.write(toBuffer(chunk, enc)) : rawWrite(chunk, enc);
    }) as Response["write"];

    res.end = ((chunk?: unknown, encoding?: unknown) => {
      if (ended) return res;
      const enc = typeof encoding === "string" ? (encoding as BufferEncoding) : undefined;
      const data = typeof chunk === "function" ? undefined : chunk;
      if (!res.headersSent) {
        if (res.getHeader("Content-Length") === undefined) endLength = byteLength(data, enc);
        res.writeHead(res.statusCode);
      }
      if (!stream) return rawEnd(data, enc);
      ended = true;
      if (data === undefined || data === null) stream.end();
      else stream.end(toBuffer(data, enc));
      return res;
    }) as Response["end"];

    res.on = ((event: string, listener: (...args: unknown[]) => void) => {
      if (event !== "drain") return rawOn(event, listener);
      if (stream) stream.on("drain", listener);
      else if (drainListeners) drainListeners.push(listener);
      else rawOn("drain", listener);
      return res;
    }) as Response["on"];

    // A client gone before the end: the compressor's native memory goes with it.
    rawOn("close", () => {
      closed = true;
      stream?.destroy();
    });
    next();
  };
}
