import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Storage } from "./index";

/** What a received file keeps of its start in memory: the encoding detector's sample. */
const HEAD_BYTES = 1024 * 1024;

/** What a whole-file read takes at a time: a few milliseconds of work. */
const PIECE_BYTES = 1024 * 1024;

/**
 * An uploaded file written to the storage's disk as it arrived (a 50 MB broker report is never
 * in memory at once): its size, SHA-256 and first MiB, taken on the way. Made only by
 * `receiveFile`, so a procedure that accepts one knows the path is an upload's own, never one a
 * client named. Until `Storage.putFile` moves it under a key, whoever received it removes it
 * (`discard`) on every path.
 */
export class ReceivedFile {
  #discarded = false;

  constructor(
    readonly path: string,
    readonly size: number,
    readonly sha256: string,
    readonly head: Uint8Array,
  ) {}

  /** The file's bytes in pieces of 1 MiB, the event loop handed back after each. */
  pieces = (): AsyncIterable<Uint8Array> => readInPieces(this.path);

  /** Removes the file if it is still where it was received (a file already stored is gone). */
  async discard(): Promise<void> {
    if (this.#discarded) return;
    this.#discarded = true;
    await rm(this.path, { force: true });
  }
}

async function* readInPieces(file: string): AsyncGenerator<Uint8Array> {
  // Leaving the loop early (a header check) closes the file.
  for await (const piece of createReadStream(file, { highWaterMark: PIECE_BYTES })) {
    yield piece as Buffer;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** A multipart file part as busboy hands it over: `truncated` once its size limit cut it off. */
export type FilePart = Readable & { truncated?: boolean };

/**
 * Writes a file part to `file` as it arrives, pausing the part while the disk catches up. The
 * answer comes once the part has ended: the file, or null when the part was cut off (its size
 * limit, a body that ended inside it, a form refused on the way): then nothing is left on disk.
 * A failed write to the disk is thrown, after the partial file is removed.
 */
export async function receiveFile(part: FilePart, file: string): Promise<ReceivedFile | null> {
  // Every listener is on the part before anything waits: a part's end is never missed.
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Writes of up to 1 MiB queue before the part waits for the disk: few pauses per upload.
  const out = createWriteStream(file, { flags: "wx", mode: 0o600, highWaterMark: PIECE_BYTES });
  const hash = createHash("sha256");
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  let cut = false;
  let writeError: unknown = null;
  let dropped = false;
  const outClosed = new Promise<void>((resolve) => out.once("close", resolve));
  out.on("error", (error) => {
    if (dropped) return; // writes still pending when a cut-off part's file is dropped
    writeError = error;
    part.resume(); // the rest of the part is read and dropped
  });
  part.on("data", (chunk: Buffer) => {
    if (writeError || cut || dropped) return;
    size += chunk.length;
    hash.update(chunk);
    if (headBytes < HEAD_BYTES) {
      const kept = chunk.subarray(0, HEAD_BYTES - headBytes);
      head.push(Buffer.from(kept)); // a copy: busboy's chunk may be a view of a bigger buffer
      headBytes += kept.length;
    }
    if (!out.write(chunk)) {
      part.pause();
      out.once("drain", () => part.resume());
    }
  });
  part.once("limit", () => {
    cut = true;
    part.resume();
  });
  // "close" follows both an end and a cut-off (an error, or the part destroyed).
  const ending = new Promise<boolean>((resolve) => {
    part.once("end", () => resolve(true));
    part.once("error", () => resolve(false));
    part.once("close", () => resolve(false));
  });
  const ended = await ending;
  if (ended && !cut && !part.truncated && !writeError) {
    out.end();
    await outClosed;
    if (!writeError) return new ReceivedFile(file, size, hash.digest("hex"), Buffer.concat(head));
  } else {
    dropped = true;
    out.destroy();
    await outClosed;
  }
  await rm(file, { force: true });
  if (writeError) throw writeError;
  return null;
}

/** A receiver writing each file part to a new path of `storage`'s incoming area. */
export function fileReceiver(storage: Pick<Storage, "incomingPath">) {
  return (part: FilePart) => receiveFile(part, storage.incomingPath());
}

/** An upload still arriving after this long was left by a process that ended mid-upload. */
export const STALE_INCOMING_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the files in `dir` (the storage's incoming area) last written over STALE_INCOMING_MS
 * ago: left by a process killed mid-upload, since every other path removes its own. Younger
 * files may be another web process's uploads in progress (a shared UPLOAD_DIR) and stay.
 * Answers how many went.
 */
export async function removeStaleIncoming(dir: string, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs < STALE_INCOMING_MS) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}
