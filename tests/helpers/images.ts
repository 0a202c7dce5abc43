import { readFileSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";

/**
 * Real images (48×48, drawn and encoded by Chromium) and ways to give them the metadata a
 * phone camera writes, so tests can prove it is removed.
 */
const DIR = path.resolve(import.meta.dirname, "../fixtures/images");

export function fixture(
  name: "avatar.jpg" | "avatar.png" | "avatar.webp",
): Uint8Array<ArrayBuffer> {
  return new Uint8Array(readFileSync(path.join(DIR, name)));
}

export const SECRET = "GPS 35.6812N 139.7671E";

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.concat(parts));
}

/** A JPEG with an EXIF (APP1) segment and a comment right after the SOI marker. */
export function jpegWithExif(jpeg: Uint8Array, secret = SECRET): Uint8Array<ArrayBuffer> {
  const body = Buffer.concat([Buffer.from("Exif\0\0"), Buffer.from(secret)]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), u16(body.length + 2), body]);
  const comment = Buffer.from(`comment ${secret}`);
  const com = Buffer.concat([Buffer.from([0xff, 0xfe]), u16(comment.length + 2), comment]);
  return concat(jpeg.subarray(0, 2), app1, com, jpeg.subarray(2));
}

/** A PNG with a tEXt chunk (and an eXIf chunk) after IHDR. */
export function pngWithText(png: Uint8Array, secret = SECRET): Uint8Array<ArrayBuffer> {
  const ihdrEnd = 8 + 12 + 13;
  return concat(
    png.subarray(0, ihdrEnd),
    pngChunk("tEXt", Buffer.from(`Location\0${secret}`)),
    pngChunk("eXIf", Buffer.from(`MM\0*${secret}`)),
    png.subarray(ihdrEnd),
  );
}

/** A WebP (VP8X) with an EXIF chunk and its flag set. */
export function webpWithExif(webp: Uint8Array, secret = SECRET): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(webp);
  if (bytes.toString("ascii", 12, 16) !== "VP8X") throw new Error("fixture is not VP8X");
  const exif = Buffer.from(`MM\0*${secret}`);
  const chunk = Buffer.concat([Buffer.from("EXIF"), u32le(exif.length), exif]);
  const padded = exif.length % 2 ? Buffer.concat([chunk, Buffer.from([0])]) : chunk;
  const out = Buffer.concat([bytes, padded]);
  out.writeUInt32LE(out.length - 8, 4);
  out[20] = out[20]! | 0x08; // EXIF flag in VP8X
  return new Uint8Array(out);
}

function u16(n: number) {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

function u32le(n: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export function contains(haystack: Uint8Array, needle: string): boolean {
  return Buffer.from(haystack).includes(Buffer.from(needle));
}
