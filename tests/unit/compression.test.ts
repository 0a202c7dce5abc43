import { request } from "node:http";
import { brotliDecompressSync, Gzip, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  BROTLI_MAX_WINDOW_BITS,
  brotliWindowBits,
  chooseEncoding,
  MIN_COMPRESSED_BYTES,
  responseCompression,
} from "#server/compression";
import { listen, type RunningServer } from "../helpers/http";

describe("chooseEncoding", () => {
  it.each([
    ["gzip, deflate, br", 50_000, "br"],
    ["br", 50_000, "br"],
    ["gzip", 50_000, "gzip"],
    ["gzip, deflate", undefined, "gzip"],
    ["br;q=0.5, gzip", 50_000, "gzip"],
    ["br;q=0, gzip;q=0.8", 50_000, "gzip"],
    ["BR;Q=1.0, GZIP;q=0.9", 50_000, "br"],
    ["*", 50_000, "br"],
    ["gzip;q=0, *", 50_000, "br"],
    ["gzip;q=0, br;q=0", 50_000, null],
    ["deflate", 50_000, null],
    ["identity", 50_000, null],
    ["", 50_000, null],
    [undefined, 50_000, null],
  ] as const)("Accept-Encoding %j, %s bytes: %s", (accept, length, expected) => {
    expect(chooseEncoding(accept, length)).toBe(expected);
  });

  it("leaves a body known to be under the threshold as it is, an unknown length compressed", () => {
    expect(chooseEncoding("gzip, deflate, br", MIN_COMPRESSED_BYTES - 1)).toBeNull();
    expect(chooseEncoding("gzip", 0)).toBeNull();
    expect(chooseEncoding("gzip, deflate, br", MIN_COMPRESSED_BYTES)).toBe("br");
    expect(chooseEncoding("gzip", undefined)).toBe("gzip");
  });
});

describe("brotliWindowBits", () => {
  it("holds a known body whole, within Brotli's smallest window and the page-sized largest", () => {
    expect(brotliWindowBits(undefined)).toBe(BROTLI_MAX_WINDOW_BITS);
    expect(brotliWindowBits(1_000)).toBe(10);
    expect(brotliWindowBits(1_008)).toBe(10); // 2^10 - 16
    expect(brotliWindowBits(1_009)).toBe(11);
    expect(brotliWindowBits(30_000)).toBe(15);
    expect(brotliWindowBits(65_520)).toBe(16);
    expect(brotliWindowBits(5_000_000)).toBe(BROTLI_MAX_WINDOW_BITS);
  });
});

/** A page's worth of HTML that differs along its length, so it is not one repeated block. */
const page = Array.from(
  { length: 3_000 },
  (_, i) => `<tr><td>${i}</td><td>¥${(i * 7919) % 100_000}</td><td>会員</td></tr>`,
).join("");

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose body is read as sent (fetch would decode it). */
function get(url: string, acceptEncoding?: string, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const decoded = (raw: Raw): string => {
  const encoding = raw.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(raw.body).toString();
  if (encoding === "gzip") return gunzipSync(raw.body).toString();
  return raw.body.toString();
};

describe("responseCompression", () => {
  let srv: RunningServer;
  /** Resolves the streamed page's second part, so a test sees the first part arrive alone. */
  let releaseSecondPart: () => void = () => {};

  beforeAll(async () => {
    const app = express();
    app.use(responseCompression());
    app.get("/page", (_req, res) => {
      res.type("html").send(page);
    });
    app.get("/small", (_req, res) => {
      res.json({ ok: true });
    });
    app.get("/stream", (_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.write(page.slice(0, 40_000));
      (res as unknown as { flush(): void }).flush();
      new Promise<void>((resolve) => (releaseSecondPart = resolve)).then(
        () => res.end(page.slice(40_000)),
        () => {},
      );
    });
    // As Remix's adapter sends a document: the whole body in one write, a flush, the end.
    app.get("/whole", (_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Content-Length", Buffer.byteLength(page));
      res.write(page);
      (res as unknown as { flush(): void }).flush();
      res.end();
    });
    app.get("/head-given", (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": page.length });
      res.end(page);
    });
    app.get("/already", (_req, res) => {
      res.setHeader("Content-Type", "application/javascript");
      res.setHeader("Content-Encoding", "br");
      res.end(Buffer.from([1, 2, 3]));
    });
    app.get("/image", (_req, res) => {
      res.type("png").send(Buffer.alloc(50_000, 7));
    });
    app.get("/no-transform", (_req, res) => {
      res.setHeader("Cache-Control", "no-transform");
      res.type("html").send(page);
    });
    srv = await listen(app);
  });
  afterAll(async () => {
    await srv.close();
  });

  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["identity", undefined],
  ])("sends the page asked with %j as %s, decoding to the same HTML", async (accept, encoding) => {
    const raw = await get(`${srv.url}/page`, accept);
    expect(raw.headers["content-encoding"]).toBe(encoding);
    expect(raw.headers.vary).toMatch(/Accept-Encoding/i);
    if (encoding) {
      expect(raw.headers["content-length"]).toBeUndefined();
      expect(raw.body.length).toBeLessThan(Buffer.byteLength(page) / 3);
    }
    expect(decoded(raw)).toBe(page);
  });

  it("leaves a small answer as it is, still marked as varying", async () => {
    const raw = await get(`${srv.url}/small`, "gzip, deflate, br");
    expect(raw.headers["content-encoding"]).toBeUndefined();
    expect(raw.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(raw.body.toString())).toEqual({ ok: true });
  });

  it("streams: the first part arrives decodable before the response ends", async () => {
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        `${srv.url}/stream`,
        { headers: { "accept-encoding": "gzip" } },
        (res) => {
          expect(res.headers["content-encoding"]).toBe("gzip");
          const chunks: Buffer[] = [];
          let released = false;
          res.on("data", (c: Buffer) => {
            chunks.push(c);
            if (released) return;
            // What came so far ends on a flush: its text is the first part, with the end yet to come.
            try {
              const sofar = gunzipSync(Buffer.concat(chunks), { finishFlush: 2 }).toString();
              if (sofar === page.slice(0, 40_000)) {
                released = true;
                releaseSecondPart();
              }
            } catch {
              // a part of the flushed block: wait for the rest
            }
          });
          res.on("end", () => resolve(gunzipSync(Buffer.concat(chunks)).toString()));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(body).toBe(page);
  });

  it("compresses a body of declared length in one piece: a flush adds nothing", async () => {
    const flush = vi.spyOn(Gzip.prototype, "flush");
    try {
      const raw = await get(`${srv.url}/whole`, "gzip");
      expect(raw.headers["content-encoding"]).toBe("gzip");
      expect(raw.headers["content-length"]).toBeUndefined();
      expect(decoded(raw)).toBe(page);
      expect(flush).not.toHaveBeenCalled();
    } finally {
      flush.mockRestore();
    }
  });

  it("drops a Content-Length given with writeHead when it compresses", async () => {
    const raw = await get(`${srv.url}/head-given`, "br");
    expect(raw.headers["content-encoding"]).toBe("br");
    expect(raw.headers["content-length"]).toBeUndefined();
    expect(decoded(raw)).toBe(page);
  });

  it("leaves an already compressed file, an image and a no-transform answer as they are", async () => {
    const already = await get(`${srv.url}/already`, "gzip, deflate, br");
    expect(already.headers["content-encoding"]).toBe("br");
    expect([...already.body]).toEqual([1, 2, 3]);
    const image = await get(`${srv.url}/image`, "gzip, deflate, br");
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.body.length).toBe(50_000);
    const kept = await get(`${srv.url}/no-transform`, "gzip, deflate, br");
    expect(kept.headers["content-encoding"]).toBeUndefined();
    expect(kept.body.toString()).toBe(page);
  });

  it("answers HEAD without a body or an encoding", async () => {
    const raw = await get(`${srv.url}/page`, "gzip, deflate, br", "HEAD");
    expect(raw.status).toBe(200);
    expect(raw.headers["content-encoding"]).toBeUndefined();
    expect(raw.body.length).toBe(0);
  });
});
