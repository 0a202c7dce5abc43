import { MAX_IMAGE_BYTES } from "../domain/upload";

/**
 * Uploaded images: only JPEG, PNG and WebP, recognised by their bytes (never by the file name
 * or the browser's claimed type), within a size limit, and with their metadata removed.
 *
 * Metadata matters because phones write the place a photo was taken (EXIF GPS) into it: a
 * profile image must not tell an admin, or anyone who later sees it, where a member lives.
 * Removed: JPEG APP1 (EXIF, XMP), APP13 (IPTC) and comments; PNG text, EXIF and time chunks;
 * WebP EXIF and XMP chunks. Pixels, colour profiles and everything a decoder needs are kept.
 * One consequence: a JPEG whose rotation was only recorded in EXIF shows unrotated.
 *
 * A file whose structure does not parse is refused rather than stored half-understood.
 */

export type ImageType = "image/jpeg" | "image/png" | "image/webp";

export type ImageProblem = "imageEmpty" | "imageTooLarge" | "imageType" | "imageInvalid";

export class ImageRejected extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: number[], offset = 0): boolean {
  if (bytes.length < offset + prefix.length) return false;
  return prefix.every((b, i) => bytes[offset + i] === b);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

/** The image type the bytes are, by their magic numbers; null for anything else. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") {
    return "image/webp";
  }
  return null;
}

// ------------------------------------------------------------------------------------ JPEG

/** Segments dropped from a JPEG: APP1 (EXIF, XMP), APP13 (IPTC/Photoshop), COM. */
const JPEG_DROP = new Set([0xe1, 0xed, 0xfe]);

function stripJpeg(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let pos = 2;
  for (;;) {
    if (pos + 4 > bytes.length || bytes[pos] !== 0xff) throw new ImageRejected("imageInvalid");
    // Fill bytes (0xFF repeated) may precede a marker.
    let markerPos = pos + 1;
    while (bytes[markerPos] === 0xff && markerPos < bytes.length) markerPos++;
    const marker = bytes[markerPos]!;
    if (marker === 0xd9) throw new ImageRejected("imageInvalid"); // end before any image data
    const length = (bytes[markerPos + 1]! << 8) | bytes[markerPos + 2]!;
    const end = markerPos + 1 + length;
    if (length < 2 || end > bytes.length) throw new ImageRejected("imageInvalid");
    if (marker === 0xda) {
      // Start of scan: the compressed image follows; copy everything from here on.
      parts.push(bytes.subarray(pos));
      break;
    }
    if (!JPEG_DROP.has(marker)) parts.push(bytes.subarray(pos, end));
    pos = end;
  }
  return concat(parts);
}

// ------------------------------------------------------------------------------------- PNG

const PNG_DROP = new Set(["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]);

function readU32(bytes: Uint8Array, offset: number): number {
  return (
    ((bytes[offset]! << 24) |
      (bytes[offset + 1]! << 16) |
      (bytes[offset + 2]! << 8) |
      bytes[offset + 3]!) >>>
    0
  );
}

function stripPng(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let pos = 8;
  let first = true;
  for (;;) {
    if (pos + 12 > bytes.length) throw new ImageRejected("imageInvalid");
    const length = readU32(bytes, pos);
    const type = ascii(bytes, pos + 4, 4);
    const end = pos + 12 + length;
    if (end > bytes.length || (first && type !== "IHDR")) throw new ImageRejected("imageInvalid");
    first = false;
    if (!PNG_DROP.has(type)) parts.push(bytes.subarray(pos, end));
    pos = end;
    if (type === "IEND") break;
  }
  return concat(parts);
}

// ------------------------------------------------------------------------------------ WebP

function stripWebp(bytes: Uint8Array): Uint8Array {
  const riffSize = bytes[4]! | (bytes[5]! << 8) | (bytes[6]! << 16) | (bytes[7]! << 24);
  const total = Math.min(bytes.length, 8 + (riffSize >>> 0));
  const chunks: Uint8Array[] = [];
  let pos = 12;
  let sawImage = false;
  while (pos + 8 <= total) {
    const type = ascii(bytes, pos, 4);
    const size =
      (bytes[pos + 4]! |
        (bytes[pos + 5]! << 8) |
        (bytes[pos + 6]! << 16) |
        (bytes[pos + 7]! << 24)) >>>
      0;
    const end = pos + 8 + size + (size % 2);
    if (pos + 8 + size > total) throw new ImageRejected("imageInvalid");
    if (type === "VP8 " || type === "VP8L" || type === "ANIM") sawImage = true;
    if (type !== "EXIF" && type !== "XMP ") {
      const chunk = bytes.slice(pos, Math.min(end, total));
      // VP8X announces EXIF (bit 3) and XMP (bit 2); they are gone, so clear the flags.
      if (type === "VP8X" && chunk.length > 8) chunk[8] = chunk[8]! & ~0x0c;
      chunks.push(chunk);
    }
    pos = end;
  }
  if (!sawImage) throw new ImageRejected("imageInvalid");
  const body = concat(chunks);
  const out = new Uint8Array(12 + body.length);
  out.set(bytes.subarray(0, 12));
  const size = 4 + body.length;
  out[4] = size & 0xff;
  out[5] = (size >>> 8) & 0xff;
  out[6] = (size >>> 16) & 0xff;
  out[7] = (size >>> 24) & 0xff;
  out.set(body, 12);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Checks an upload and returns what may be stored: its sniffed type and its bytes without
 * metadata. Throws ImageRejected with the reason a person is told.
 */
export function acceptImage(
  bytes: Uint8Array,
  maxBytes = MAX_IMAGE_BYTES,
): { type: ImageType; bytes: Uint8Array } {
  if (bytes.length === 0) throw new ImageRejected("imageEmpty");
  if (bytes.length > maxBytes) throw new ImageRejected("imageTooLarge");
  const type = sniffImage(bytes);
  if (!type) throw new ImageRejected("imageType");
  const stripped =
    type === "image/jpeg"
      ? stripJpeg(bytes)
      : type === "image/png"
        ? stripPng(bytes)
        : stripWebp(bytes);
  return { type, bytes: stripped };
}
