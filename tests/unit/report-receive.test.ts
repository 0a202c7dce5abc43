import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { receiveMultipart } from "#app/lib/upload.server";
import { localStorage } from "#server/storage";
import {
  type FilePart,
  fileReceiver,
  ReceivedFile,
  removeStaleIncoming,
  STALE_INCOMING_MS,
} from "#server/storage/received";
import { errorOf } from "../helpers/outcome";

/**
 * The report upload's reading: the file part goes to the storage's disk as it arrives, never
 * into memory; a part cut off (the size limit, a broken body, a form refused after it) leaves
 * nothing on disk.
 */

const BOUNDARY = "----portalreport";
const end = `--${BOUNDARY}--\r\n`;

function part(headers: string, body: string | Uint8Array): (string | Uint8Array)[] {
  return [`--${BOUNDARY}\r\n${headers}\r\n\r\n`, body, "\r\n"];
}

const filePart = (body: string | Uint8Array, name = "report.csv") =>
  part(`Content-Disposition: form-data; name="file"; filename="${name}"`, body);

/** The body in 64 KiB pieces, as a socket delivers it, counting how much was read. */
function request(pieces: (string | Uint8Array)[]) {
  const bytes = Buffer.concat(pieces.map((p) => (typeof p === "string" ? Buffer.from(p) : p)));
  const sent = { bytes: 0 };
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      const piece = bytes.subarray(at, at + 64 * 1024);
      at += piece.length;
      sent.bytes = at;
      controller.enqueue(piece);
    },
  });
  const req = new Request("http://portal.test/admin/update", {
    method: "POST",
    body,
    duplex: "half",
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
  } as RequestInit);
  return { req, sent, total: bytes.length };
}

/** A storage in a fresh folder, and a receiver that also counts the bytes its parts carried. */
function disk() {
  const root = mkdtempSync(path.join(tmpdir(), "portal-receive-"));
  const storage = localStorage(root);
  const incoming = path.join(root, "incoming");
  const seen = { bytes: 0 };
  const receive = fileReceiver(storage);
  const counting = (p: FilePart) => {
    p.on("data", (chunk: Buffer) => (seen.bytes += chunk.length));
    return receive(p);
  };
  const left = () => (existsSync(incoming) ? readdirSync(incoming) : []);
  return { root, storage, receive: counting, seen, left };
}

async function status(promise: Promise<unknown>): Promise<number> {
  const error = await errorOf(() => promise);
  if (error instanceof Response) return error.status;
  throw error;
}

describe("receiving a report to disk", () => {
  it("writes the file as it arrives, with its size, SHA-256 and first MiB", async () => {
    const { receive, left, storage, root } = disk();
    const report = Buffer.alloc(3 * 1024 * 1024 + 17, "trade_date,broker\n");
    const { req } = request([
      ...part('Content-Disposition: form-data; name="usdRate"', "150"),
      ...filePart(report, "週次レポート.csv"),
      end,
    ]);
    const read = await receiveMultipart(req, 50 * 1024 * 1024, receive);
    if (read.tooLarge) throw new Error("not too large");
    expect(read.form.get("usdRate")).toBe("150");
    expect(read.files).toHaveLength(1);
    const [{ field, name, received }] = read.files as [(typeof read.files)[number]];
    expect([field, name]).toEqual(["file", "週次レポート.csv"]);
    expect(received).toBeInstanceOf(ReceivedFile);
    expect(received.size).toBe(report.length);
    expect(received.sha256).toBe(createHash("sha256").update(report).digest("hex"));
    // Compared as bytes: a deep equality over millions of elements takes minutes.
    expect(Buffer.from(received.head).equals(report.subarray(0, 1024 * 1024))).toBe(true);
    expect(readFileSync(received.path).equals(report)).toBe(true);
    const pieces: number[] = [];
    for await (const piece of received.pieces()) pieces.push(piece.length);
    expect(Math.max(...pieces)).toBeLessThanOrEqual(1024 * 1024);
    expect(pieces.reduce((a, b) => a + b, 0)).toBe(report.length);
    // Stored: moved under its key, nothing left where it arrived.
    await storage.putFile("reports/0123456789abcdef0123456789abcdef.csv", received.path);
    expect(left()).toEqual([]);
    const stored = readFileSync(path.join(root, "reports/0123456789abcdef0123456789abcdef.csv"));
    expect(stored.equals(report)).toBe(true);
    await received.discard(); // already moved: nothing to remove, no error
  });

  it("cuts a file over the limit off as it passes it, reads the rest of the body without keeping it, and leaves nothing", async () => {
    const { receive, left, seen } = disk();
    const limit = 256 * 1024;
    const { req, sent, total } = request(
      [filePart(Buffer.alloc(4 * 1024 * 1024, "x")), end].flat(),
    );
    const read = await receiveMultipart(req, limit, receive);
    expect(read.tooLarge).toBe(true);
    // The receiver saw no more than the limit; the body was read to its end (not cancelled).
    expect(seen.bytes).toBeLessThanOrEqual(limit);
    expect(sent.bytes).toBe(total);
    expect(left()).toEqual([]);
  });

  it("leaves nothing when the body ends inside the file", async () => {
    const { receive, left } = disk();
    const [head, body] = filePart(Buffer.alloc(300 * 1024, "y"));
    const { req } = request([head!, body!]); // no end of the part, no closing boundary
    expect(await status(receiveMultipart(req, 1024 * 1024, receive))).toBe(400);
    expect(left()).toEqual([]);
  });

  it("removes a file received whole when a later part refuses the form", async () => {
    const { receive, left } = disk();
    const fields = Array.from({ length: 205 }, (_, i) =>
      part(`Content-Disposition: form-data; name="f${i}"`, "v"),
    ).flat();
    const { req } = request([...filePart("trade_date\n2026-10-01\n"), ...fields, end]);
    expect(await status(receiveMultipart(req, 1024 * 1024, receive))).toBe(400);
    expect(left()).toEqual([]);
  });

  it("removes a part sent with no file name (no file chosen)", async () => {
    const { receive, left } = disk();
    const { req } = request([...filePart("", ""), end]);
    const read = await receiveMultipart(req, 1024 * 1024, receive);
    expect(read.tooLarge ? null : read.files).toEqual([]);
    expect(left()).toEqual([]);
  });
});

describe("uploads left mid-way", () => {
  it("removes incoming files older than a day and keeps younger ones (another process's upload)", async () => {
    const { storage, left } = disk();
    const old = storage.incomingPath();
    const young = storage.incomingPath();
    mkdirSync(path.dirname(old), { recursive: true });
    writeFileSync(old, "half a report");
    writeFileSync(young, "an upload arriving");
    const dayAgo = new Date(Date.now() - STALE_INCOMING_MS - 60_000);
    utimesSync(old, dayAgo, dayAgo);
    expect(await removeStaleIncoming(path.dirname(old))).toBe(1);
    expect(left()).toEqual([path.basename(young)]);
    // No incoming folder yet: nothing to do.
    expect(await removeStaleIncoming(path.join(tmpdir(), "portal-no-such-dir"))).toBe(0);
  });
});
