import type { Readable } from "node:stream";
import busboy from "busboy";
import { MAX_IMAGE_BYTES } from "#domain/upload";

/** A multipart body no browser would send: the page answers 400, never a 500 and a stack trace. */
function badUpload(): Response {
  return new Response("Bad Request: unreadable multipart form", {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** A file of a multipart form as it arrived: its pieces, not yet copied into one. */
export interface UploadedFile {
  field: string;
  name: string;
  type: string;
  pieces: Uint8Array<ArrayBuffer>[];
}

/**
 * Where a file part goes instead of memory (the disk, as it arrives). Its answer comes once the
 * part has ended: what was received, or null when the part was cut off, having left nothing
 * behind. A part cut off by the size limit, or by a form refused on the way, is destroyed.
 */
export type FileReceiver<T extends Discardable> = (
  part: Readable & { truncated?: boolean },
) => Promise<T | null>;

/** What a receiver received: removed again when the form is refused after all. */
export interface Discardable {
  discard(): Promise<void>;
}

/** A file of a multipart form handed to a receiver: what it received. */
export interface ReceivedPart<T> {
  field: string;
  name: string;
  type: string;
  received: T;
}

/**
 * Reads a multipart form (busboy: it reads quoted file names with "=" and ";" as browsers send
 * them, and Japanese names as UTF-8), never holding more than `maxFileBytes` of one file in
 * memory: a larger file is dropped at once (`tooLarge`), whatever the browser claimed. A
 * malformed body is thrown as a 400 response.
 */
export async function readUploadForm(
  request: Request,
  maxFileBytes: number = MAX_IMAGE_BYTES,
): Promise<{ form: FormData; tooLarge: false } | { form: null; tooLarge: true }> {
  const read = await readMultipart(request, maxFileBytes);
  if (read.tooLarge) return read;
  for (const file of read.files) {
    // The pieces go into the file as they are: one copy of the bytes, not three.
    read.form.append(file.field, new File(file.pieces, file.name, { type: file.type }));
  }
  return { form: read.form, tooLarge: false };
}

/**
 * readUploadForm's reading, with the files' pieces handed over as they are: a caller that
 * wants a big file's bytes joins them once, instead of a File's copy and then its
 * arrayBuffer()'s.
 */
export async function readMultipart(
  request: Request,
  maxFileBytes: number,
): Promise<
  { form: FormData; files: UploadedFile[]; tooLarge: false } | { form: null; tooLarge: true }
> {
  const read = await readParts<never>(request, maxFileBytes, null);
  if (read.tooLarge) return read;
  return { form: read.form, files: read.files, tooLarge: false };
}

/**
 * readMultipart with the file parts given to `receive` as they arrive (a broker report written
 * to the disk): no file is ever held in memory. Whatever the answer (a file over the limit, a
 * malformed body thrown as a 400), every part has been ended first, so the receiver has cleaned
 * up after the parts it did not receive whole; the caller owns what was received.
 */
export async function receiveMultipart<T extends Discardable>(
  request: Request,
  maxFileBytes: number,
  receive: FileReceiver<T>,
): Promise<
  { form: FormData; files: ReceivedPart<T>[]; tooLarge: false } | { form: null; tooLarge: true }
> {
  const read = await readParts(request, maxFileBytes, receive);
  if (read.tooLarge) return read;
  return { form: read.form, files: read.received, tooLarge: false };
}

async function readParts<T extends Discardable>(
  request: Request,
  maxFileBytes: number,
  receive: FileReceiver<T> | null,
): Promise<
  | { form: FormData; files: UploadedFile[]; received: ReceivedPart<T>[]; tooLarge: false }
  | { form: null; tooLarge: true }
> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data\b/i.test(contentType)) throw badUpload();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { fileSize: maxFileBytes, files: 10, fields: 200, parts: 210 },
    });
  } catch {
    throw badUpload(); // no boundary, or not multipart at all
  }

  const form = new FormData();
  const uploaded: UploadedFile[] = [];
  const received: ReceivedPart<T>[] = [];
  const parts: Readable[] = [];
  let tooLarge = false;
  let failed = false;
  const files: Promise<unknown>[] = [];
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated)
      failed = true; // over 1 MB: no form field of ours is that long
    else form.append(name, value);
  });
  parser.on("file", (name, stream, info) => {
    parts.push(stream);
    stream.on("limit", () => {
      tooLarge = true;
    });
    stream.on("error", () => {
      failed = true; // the body ended inside this file
    });
    // An empty file input arrives as a part with no name: no file was chosen.
    if (receive) {
      files.push(
        receive(stream).then((file) => {
          if (file === null) return;
          if (info.filename)
            received.push({
              field: name,
              name: info.filename,
              type: info.mimeType,
              received: file,
            });
          else return file.discard();
        }),
      );
      return;
    }
    // busboy's pieces are Buffers over plain ArrayBuffers, never shared memory.
    const pieces: Uint8Array<ArrayBuffer>[] = [];
    stream.on("data", (chunk: Buffer) => pieces.push(chunk as Uint8Array<ArrayBuffer>));
    files.push(
      new Promise<void>((resolve) => {
        stream.on("close", () => {
          if (!tooLarge && info.filename)
            uploaded.push({ field: name, name: info.filename, type: info.mimeType, pieces });
          resolve();
        });
      }),
    );
  });
  for (const limit of ["partsLimit", "filesLimit", "fieldsLimit"] as const) {
    parser.on(limit, () => {
      failed = true;
    });
  }
  const finished = new Promise<void>((resolve) => {
    parser.on("close", () => resolve());
    parser.on("error", () => {
      failed = true;
      resolve();
    });
  });
  // Every part ended (those cut off destroyed), every receiver done with its part, and when the
  // form is refused, what they received removed.
  const settle = async (refused: boolean) => {
    for (const part of parts) if (!part.readableEnded) part.destroy();
    const ends = await Promise.allSettled(files);
    if (refused) await Promise.allSettled(received.map((part) => part.received.discard()));
    const failure = ends.find((end) => end.status === "rejected");
    if (failure) {
      if (!refused) await Promise.allSettled(received.map((part) => part.received.discard()));
      throw failure.reason;
    }
  };

  const reader = request.body.getReader();
  let dropping = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // The rest of a refused body is read and dropped, not cancelled: cancelling destroys the
      // connection, and the browser would show a network error instead of the page's message.
      // (The body limit in front of every route bounds how much that can be.)
      if (tooLarge || failed) {
        if (!dropping) {
          dropping = true;
          parser.destroy();
          // A file part cut off ends now: its receiver removes it before the rest arrives.
          for (const part of parts) if (!part.readableEnded) part.destroy();
        }
        continue;
      }
      if (!parser.write(value)) {
        await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), finished]);
      }
    }
  } catch (error) {
    parser.destroy();
    await settle(true).catch(() => undefined);
    throw error;
  }
  if (tooLarge || failed) {
    parser.destroy();
    await settle(true);
    if (tooLarge) return { form: null, tooLarge: true };
    throw badUpload();
  }
  parser.end();
  await finished;
  const refused = failed || tooLarge;
  await settle(refused);
  if (failed) throw badUpload(); // the body ended mid-part, or a part was malformed
  if (tooLarge) return { form: null, tooLarge: true };
  return { form, files: uploaded, received, tooLarge: false };
}

/** A file field's bytes, or undefined when no file was chosen. */
export async function fileBytes(
  form: FormData,
  name: string,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const value = form.get(name);
  if (!value || typeof value === "string" || value.size === 0) return undefined;
  return new Uint8Array(await value.arrayBuffer());
}

/** An image for a resource route: its own type, never sniffed by the browser, never framed. */
export function imageResponse(
  image: { contentType: string; bytes: Uint8Array },
  cache: "private" | "public",
): Response {
  return new Response(Buffer.from(image.bytes), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.length),
      "Cache-Control": cache === "private" ? "private, max-age=300" : "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
