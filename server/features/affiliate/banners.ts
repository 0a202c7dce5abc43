import type { z } from "zod";
import { forUpdate } from "#db/dialect";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import type { Config } from "../../config";
import type { Db } from "#db";
import { found } from "../../errors";
import { fieldError } from "../../lib/field-error";
import { newStorageKey, type Storage } from "../../storage";
import { acceptImage, type ImageType, ImageRejected } from "../../storage/images";
import type { createBannerInput, updateBannerInput } from "./schema";
import { referralCodeOf } from "./service";
import { readShownImage } from "../../storage/uploads";

/**
 * Affiliate banners: images an admin uploads for members to put on their own sites, wrapped in
 * the member's referral link. The image is public art at /media/banners/<file> (other sites
 * show it), served only while a banner row holds its key. Banners are deactivated, never
 * deleted, so HTML already pasted elsewhere keeps working while the row exists.
 */

export interface BannerDeps {
  db: Db;
  storage: Storage;
}

const u16be = (b: Uint8Array, o: number) => (b[o]! << 8) | b[o + 1]!;
const u16le = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);
const u24le = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16);
const u32be = (b: Uint8Array, o: number) =>
  ((b[o]! << 24) >>> 0) + ((b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!);

/** An image's pixel size from its header; null when the header cannot be read. */
export function imageSize(
  type: ImageType,
  b: Uint8Array,
): { width: number; height: number } | null {
  if (type === "image/png") {
    if (b.length < 24) return null;
    return { width: u32be(b, 16), height: u32be(b, 20) };
  }
  if (type === "image/webp") {
    if (b.length < 30) return null;
    const chunk = String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!);
    if (chunk === "VP8 ") return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
    if (chunk === "VP8L") {
      const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === "VP8X") return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
    return null;
  }
  let pos = 2;
  while (pos + 9 < b.length) {
    if (b[pos] !== 0xff) return null;
    const marker = b[pos + 1]!;
    if (marker === 0xff) {
      pos++;
      continue;
    }
    const length = u16be(b, pos + 2);
    const sof =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (sof) return { width: u16be(b, pos + 7), height: u16be(b, pos + 5) };
    if (marker === 0xda) return null;
    pos += 2 + length;
  }
  return null;
}

/** Checks an upload (type, size, metadata stripped), stores it and returns its key and size. */
async function storeBannerImage(storage: Storage, bytes: Uint8Array) {
  let image: { type: ImageType; bytes: Uint8Array };
  try {
    image = acceptImage(bytes);
  } catch (error) {
    if (error instanceof ImageRejected) throw fieldError("image", error.problem);
    throw error;
  }
  const size = imageSize(image.type, image.bytes);
  if (!size || size.width < 1 || size.height < 1) throw fieldError("image", "imageInvalid");
  const key = newStorageKey("banners", image.type);
  await storage.put(key, image.bytes);
  return { key, ...size };
}

function fileOf(key: string): string {
  return key.slice("banners/".length);
}

/** The HTML a member pastes on their site; every attribute value is HTML-escaped. */
export function escapeAttr(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

export function bannerHtml(
  origin: string,
  code: string,
  banner: { file: string; width: number; height: number; alt: string },
): string {
  const href = `${origin}/register?ref=${encodeURIComponent(code)}`;
  const src = `${origin}/media/banners/${encodeURIComponent(banner.file)}`;
  return (
    `<a href="${escapeAttr(href)}"><img src="${escapeAttr(src)}" ` +
    `width="${banner.width}" height="${banner.height}" alt="${escapeAttr(banner.alt)}"></a>`
  );
}

const COLUMNS = [
  "id",
  "title",
  "image_key",
  "width",
  "height",
  "alt_text",
  "active",
  "display_order",
  "updated_at",
] as const;

export async function adminBanners(db: Db) {
  const rows = await db.kysely
    .selectFrom("affiliate_banners")
    .select(COLUMNS)
    .orderBy("active", "desc")
    .orderBy("display_order", "asc")
    .orderBy("created_at", "asc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    file: fileOf(r.image_key),
    width: r.width,
    height: r.height,
    alt: r.alt_text,
    active: r.active === 1,
    displayOrder: r.display_order,
  }));
}

/** The active banners, each with the HTML holding the member's referral link. */
export async function memberBanners(db: Db, config: Pick<Config, "APP_ORIGIN">, userId: string) {
  const code = await referralCodeOf(db, userId);
  const rows = await db.kysely
    .selectFrom("affiliate_banners")
    .select(COLUMNS)
    .where("active", "=", 1)
    .orderBy("display_order", "asc")
    .orderBy("created_at", "asc")
    .execute();
  return rows.map((r) => {
    const banner = { file: fileOf(r.image_key), width: r.width, height: r.height, alt: r.alt_text };
    return {
      id: r.id,
      title: r.title,
      ...banner,
      html: bannerHtml(config.APP_ORIGIN, code, banner),
    };
  });
}

export async function createBanner(
  deps: BannerDeps,
  adminId: string,
  input: z.output<typeof createBannerInput>,
): Promise<{ id: string }> {
  if (!input.image?.length) throw fieldError("image", "imageEmpty");
  const stored = await storeBannerImage(deps.storage, input.image);
  const id = newId();
  const now = nowDb();
  const values = {
    id,
    title: input.title,
    image_key: stored.key,
    width: stored.width,
    height: stored.height,
    alt_text: input.alt,
    active: input.active ? 1 : 0,
    display_order: input.displayOrder,
    created_by: adminId,
    created_at: now,
    updated_at: now,
  };
  try {
    await deps.db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto("affiliate_banners").values(values).execute();
      await recordAudit(trx, {
        actorId: adminId,
        action: "affiliate.banner.create",
        targetType: "affiliate_banner",
        targetId: id,
        data: { after: values },
      });
    });
  } catch (error) {
    await deps.storage.remove(stored.key).catch(() => undefined);
    throw error;
  }
  return { id };
}

/** Edits title, alt text, order and state; a new image replaces the old (the old file stays). */
export async function updateBanner(
  deps: BannerDeps,
  adminId: string,
  input: z.output<typeof updateBannerInput>,
): Promise<{ ok: true }> {
  const stored = input.image?.length ? await storeBannerImage(deps.storage, input.image) : null;
  try {
    await deps.db.kysely.transaction().execute(async (trx) => {
      const before = found(
        await forUpdate(
          deps.db,
          trx.selectFrom("affiliate_banners").select(COLUMNS).where("id", "=", input.id),
        ).executeTakeFirst(),
      );
      const changes = {
        title: input.title,
        alt_text: input.alt,
        active: input.active ? 1 : 0,
        display_order: input.displayOrder,
        ...(stored ? { image_key: stored.key, width: stored.width, height: stored.height } : {}),
        updated_at: nowDb(),
      };
      await trx.updateTable("affiliate_banners").set(changes).where("id", "=", input.id).execute();
      await recordAudit(trx, {
        actorId: adminId,
        action: "affiliate.banner.update",
        targetType: "affiliate_banner",
        targetId: input.id,
        data: { before, after: changes },
      });
    });
  } catch (error) {
    if (stored) await deps.storage.remove(stored.key).catch(() => undefined);
    throw error;
  }
  return { ok: true };
}

/** A banner image for /media/banners/<file>: only a key some banner row holds. */
export function bannerImage(
  deps: BannerDeps,
  file: string,
): Promise<{ contentType: string; bytes: Uint8Array }> {
  return readShownImage(deps, "banners", file, ["affiliate_banners"]);
}
