import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contentTypeOfKey, isStorageKey, localStorage, newStorageKey } from "#server/storage";
import { MAX_IMAGE_BYTES } from "#domain/upload";
import { acceptImage, ImageRejected, sniffImage } from "#server/storage/images";
import {
  contains,
  fixture,
  jpegWithExif,
  pngWithText,
  SECRET,
  webpWithExif,
} from "../helpers/images";

function problemOf(bytes: Uint8Array): string | null {
  try {
    acceptImage(bytes);
    return null;
  } catch (error) {
    if (error instanceof ImageRejected) return error.problem;
    throw error;
  }
}

describe("image uploads", () => {
  it("recognises JPEG, PNG and WebP by their bytes", () => {
    expect(sniffImage(fixture("avatar.jpg"))).toBe("image/jpeg");
    expect(sniffImage(fixture("avatar.png"))).toBe("image/png");
    expect(sniffImage(fixture("avatar.webp"))).toBe("image/webp");
  });

  it("refuses anything else, whatever its name would say", () => {
    const others = {
      gif: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;"),
      svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      html: Buffer.from("<!doctype html><script>alert(1)</script>"),
      pdf: Buffer.from("%PDF-1.7\n"),
      riffNotWebp: Buffer.from("RIFF\x10\x00\x00\x00WAVEfmt "),
    };
    for (const [name, bytes] of Object.entries(others)) {
      expect(problemOf(new Uint8Array(bytes)), name).toBe("imageType");
    }
  });

  it("refuses an empty file and one over the limit", () => {
    expect(problemOf(new Uint8Array())).toBe("imageEmpty");
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(fixture("avatar.png"));
    expect(problemOf(big)).toBe("imageTooLarge");
    expect(MAX_IMAGE_BYTES).toBe(2 * 1024 * 1024);
  });

  it("refuses a file that only starts like an image", () => {
    expect(problemOf(fixture("avatar.png").subarray(0, 40))).toBe("imageInvalid");
    expect(problemOf(fixture("avatar.jpg").subarray(0, 30))).toBe("imageInvalid");
    expect(problemOf(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBe("imageInvalid");
    const riff = Buffer.from("RIFF\x04\x00\x00\x00WEBP");
    expect(problemOf(new Uint8Array(riff))).toBe("imageInvalid");
  });

  it("removes a JPEG's EXIF and comments and keeps the image data", () => {
    const original = fixture("avatar.jpg");
    const tagged = jpegWithExif(original);
    expect(contains(tagged, SECRET)).toBe(true);
    const { type, bytes } = acceptImage(tagged);
    expect(type).toBe("image/jpeg");
    expect(contains(bytes, SECRET)).toBe(false);
    expect(contains(bytes, "Exif")).toBe(false);
    // What is left is exactly the original file (it had no metadata of that kind).
    expect(Buffer.from(bytes).equals(Buffer.from(original))).toBe(true);
  });

  it("removes a PNG's text and EXIF chunks and keeps the rest", () => {
    const original = fixture("avatar.png");
    const { type, bytes } = acceptImage(pngWithText(original));
    expect(type).toBe("image/png");
    expect(contains(bytes, SECRET)).toBe(false);
    expect(Buffer.from(bytes).equals(Buffer.from(original))).toBe(true);
  });

  it("removes a WebP's EXIF chunk, clears its flag and fixes the RIFF size", () => {
    const original = fixture("avatar.webp");
    const tagged = webpWithExif(original);
    expect(tagged[20]! & 0x08).toBe(0x08);
    const { type, bytes } = acceptImage(tagged);
    expect(type).toBe("image/webp");
    expect(contains(bytes, SECRET)).toBe(false);
    expect(bytes[20]! & 0x0c).toBe(0);
    expect(Buffer.from(bytes).readUInt32LE(4)).toBe(bytes.length - 8);
    // Apart from the flag byte, the result is the original file.
    const expected = Buffer.from(original);
    expected[20] = expected[20]! & ~0x0c;
    expect(Buffer.from(bytes).equals(expected)).toBe(true);
  });
});

describe("local storage", () => {
  const root = mkdtempSync(path.join(tmpdir(), "portal-storage-"));
  const storage = localStorage(root);

  it("names files randomly, by area and type", () => {
    const a = newStorageKey("avatars", "image/png");
    const b = newStorageKey("avatars", "image/png");
    expect(a).toMatch(/^avatars\/[0-9a-f]{32}\.png$/);
    expect(a).not.toBe(b);
    expect(newStorageKey("brokers", "image/jpeg")).toMatch(/^brokers\/[0-9a-f]{32}\.jpg$/);
    expect(contentTypeOfKey(newStorageKey("avatars", "image/webp"))).toBe("image/webp");
  });

  it("writes, reads and removes, with the file readable by the owner only", async () => {
    const key = newStorageKey("avatars", "image/png");
    await storage.put(key, fixture("avatar.png"));
    expect(Buffer.from((await storage.get(key))!).equals(Buffer.from(fixture("avatar.png")))).toBe(
      true,
    );
    const file = path.join(root, ...key.split("/"));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // No temporary file is left behind.
    expect(readdirSync(path.dirname(file)).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    await storage.remove(key); // removing twice is fine
  });

  it("refuses any key that is not one of its own names", async () => {
    for (const key of [
      "../../etc/passwd",
      "avatars/../../secret.png",
      "avatars/ABCDEF0123456789ABCDEF0123456789.png",
      "other/0123456789abcdef0123456789abcdef.png",
      "avatars/0123456789abcdef0123456789abcdef.svg",
      "/avatars/0123456789abcdef0123456789abcdef.png",
    ]) {
      expect(isStorageKey(key), key).toBe(false);
      await expect(storage.get(key), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.put(key, new Uint8Array([1])), key).rejects.toThrow(
        /invalid storage key/,
      );
    }
    expect(isStorageKey("brokers/0123456789abcdef0123456789abcdef.png", "avatars")).toBe(false);
  });
});
