import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config";
import type { ImageType } from "./images";

/**
 * Where uploaded files live. The portal keeps two kinds:
 * - `avatars/…`: members' profile images, private: read only through a route that checks who
 *   is asking (the member, or an admin), never through a URL anyone could guess or share;
 * - `brokers/…`: broker logos and banners, public art served at /media/brokers/…;
 * - `banners/…`: affiliate banners, public art served at /media/banners/…;
 * - `reports/…`: uploaded broker reports, kept only until their preview job has read them;
 * - `exports/…`: a member's copy of their data (a ZIP), served only to that member for 24 hours.
 * Keys are random (128 bits), so a name reveals nothing and cannot be guessed; the key pattern
 * is checked on every call, so no key can climb out of the storage root.
 *
 * The default adapter writes under UPLOAD_DIR (data/uploads); a broker report arrives under
 * `incoming/` first (never a key) and is moved under `reports/` once accepted. Another adapter
 * (an object store) only has to implement these calls.
 */
export interface Storage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** The file's bytes piece by piece, for files too big to hold at once (a broker report). */
  stream(key: string): AsyncIterable<Uint8Array>;
  /** Removing a missing file is not an error. */
  remove(key: string): Promise<void>;
  /**
   * A new path on the storage's own disk to write an upload into as it arrives (a broker
   * report), so that `putFile` then stores it without another copy. Nothing is there yet.
   */
  incomingPath(): string;
  /** Stores the file at `file` (an `incomingPath`) under `key`, moving it there. */
  putFile(key: string, file: string): Promise<void>;
}

export type StorageArea =
  | "avatars"
  | "brokers"
  | "banners"
  | "gachas"
  | "eas"
  | "chat"
  | "popups"
  | "campaigns"
  | "reports"
  | "exports";

/**
 * Images under avatars/, brokers/, gachas/ (gacha and reward art) and chat/ (support chat
 * attachments, served only to the thread's member and admins); EA files (trading
 * robots, served only to licence holders) under eas/ as opaque .bin files.
 */
export const STORAGE_KEY =
  /^(?:(avatars|brokers|banners|gachas|chat|popups|campaigns)\/[0-9a-f]{32}\.(jpg|png|webp)|eas\/[0-9a-f]{32}\.bin|reports\/[0-9a-f]{32}\.csv|exports\/[0-9a-f]{32}\.zip)$/;

const EXTENSIONS: Record<ImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

export function newStorageKey(area: StorageArea, type: ImageType): string {
  return `${area}/${randomBytes(16).toString("hex")}.${EXTENSIONS[type]}`;
}

/** A key for a non-image file: an EA (served only as a download) or a broker report. */
export function newFileKey(area: "eas" | "reports" | "exports"): string {
  const extension = { eas: "bin", reports: "csv", exports: "zip" }[area];
  return `${area}/${randomBytes(16).toString("hex")}.${extension}`;
}

export function isStorageKey(key: string, area?: StorageArea): boolean {
  return STORAGE_KEY.test(key) && (!area || key.startsWith(`${area}/`));
}

/** The content type a stored file is served with, from its key (set when it was sniffed). */
export function contentTypeOfKey(key: string): ImageType {
  if (key.endsWith(".png")) return "image/png";
  if (key.endsWith(".webp")) return "image/webp";
  return "image/jpeg";
}

function checked(key: string): string {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Where uploads are written as they arrive, under the storage's root: no key points there. */
export const INCOMING_DIR = "incoming";

/** Files on the local disk under `root`; written to a temporary name first, then renamed. */
export function localStorage(root: string): Storage {
  const base = path.resolve(root);
  const fileOf = (key: string) => path.join(base, ...checked(key).split("/"));
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temp, bytes, { mode: 0o600 });
      await rename(temp, file);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    stream(key) {
      // 256 KiB reads: few enough calls for a 50 MB report, little memory.
      return createReadStream(fileOf(key), { highWaterMark: 256 * 1024 });
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    incomingPath() {
      return path.join(base, INCOMING_DIR, `${randomBytes(16).toString("hex")}.part`);
    },
    async putFile(key, from) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      try {
        await rename(from, file);
      } catch (error) {
        // Another disk: copied under a temporary name, then renamed, as `put` writes.
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
        await copyFile(from, temp);
        await rename(temp, file);
        await rm(from, { force: true });
      }
    },
  };
}

export function storageFor(config: Pick<Config, "UPLOAD_DIR">): Storage {
  return localStorage(config.UPLOAD_DIR);
}
