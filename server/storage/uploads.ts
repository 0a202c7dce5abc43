import type { Db } from "#db";
import { notFound } from "../errors";
import { fieldError } from "../lib/field-error";
import type { Logger } from "../logger";
import {
  contentTypeOfKey,
  isStorageKey,
  newStorageKey,
  type Storage,
  type StorageArea,
} from "./index";
import { acceptImage, type ImageType, ImageRejected } from "./images";

/**
 * Checks an uploaded image by its content and stores it under `area`; null when nothing was
 * sent. A file that is not an acceptable image refuses the form on `field`, before anything is
 * written to the database.
 */
export async function storeUploadedImage(
  storage: Storage,
  area: StorageArea,
  bytes: Uint8Array | undefined,
  field = "image",
): Promise<string | null> {
  if (!bytes?.length) return null;
  let image;
  try {
    image = acceptImage(bytes);
  } catch (error) {
    if (error instanceof ImageRejected) throw fieldError(field, error.problem);
    throw error;
  }
  const key = newStorageKey(area, image.type);
  await storage.put(key, image.bytes);
  return key;
}

/**
 * Removes stored files that no row points at any more (replaced, or left by a save that
 * failed). A removal that fails is logged, not thrown: a leftover file costs disk, never data.
 */
export async function discardFiles(
  deps: { storage: Storage; log: Logger },
  keys: (string | null | undefined)[],
  what: string,
): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await deps.storage.remove(key);
    } catch (err) {
      deps.log.warn({ err, key }, `removing ${what} failed`);
    }
  }
}

/**
 * A save that carries an uploaded image: the image is checked and stored first, then `save`
 * writes the row that points at it (in its own transaction). If the save fails, the new file is
 * removed; once it has succeeded, the file it replaced (`replaced`) is. Either way no row points
 * at a missing file, and no file is left behind that a row was meant to hold.
 */
export async function saveWithImage<T>(
  deps: { storage: Storage; log: Logger },
  area: StorageArea,
  bytes: Uint8Array | undefined,
  what: string,
  save: (key: string | null) => Promise<{ result: T; replaced?: string | null }>,
): Promise<T> {
  const key = await storeUploadedImage(deps.storage, area, bytes);
  let saved: { result: T; replaced?: string | null };
  try {
    saved = await save(key);
  } catch (error) {
    await discardFiles(deps, [key], what);
    throw error;
  }
  await discardFiles(deps, [saved.replaced], what);
  return saved.result;
}

/** The tables whose rows show one stored image each, by its key in `image_key`. */
export type ImageHolder = "campaigns" | "popups" | "gachas" | "gacha_rewards" | "affiliate_banners";

/**
 * A stored image for a public media route (/media/<area>/<file>). Only a file some row still
 * shows comes out of this door: a row of one of `holders` must hold the key (or `shownBy` must
 * find the row that shows it), so a replaced image, a key from another area or a guessed name
 * is a 404 (`missing`), like a file storage lost.
 */
export async function readShownImage(
  deps: { db: Db; storage: Storage },
  area: StorageArea,
  file: string,
  holders: ImageHolder[] | ((key: string) => Promise<unknown>),
  missing: () => Error = notFound,
): Promise<{ contentType: ImageType; bytes: Uint8Array }> {
  const key = `${area}/${file}`;
  if (!isStorageKey(key, area)) throw missing();
  const shownBy =
    typeof holders === "function"
      ? holders
      : async (k: string) => {
          const rows = await Promise.all(
            holders.map((table) =>
              deps.db.kysely
                .selectFrom(table)
                .select("id")
                .where("image_key", "=", k)
                .executeTakeFirst(),
            ),
          );
          return rows.find((row) => row !== undefined);
        };
  if ((await shownBy(key)) === undefined) throw missing();
  const image = await readStoredImage(deps.storage, key, area);
  if (!image) throw missing();
  return image;
}

/**
 * The image stored under `key`, when it is a key of `area`: null for none, a key of another
 * area, or a file storage lost. The caller has decided who may read it.
 */
export async function readStoredImage(
  storage: Storage,
  key: string | null | undefined,
  area: StorageArea,
): Promise<{ contentType: ImageType; bytes: Uint8Array } | null> {
  if (!key || !isStorageKey(key, area)) return null;
  const bytes = await storage.get(key);
  return bytes ? { contentType: contentTypeOfKey(key), bytes } : null;
}
