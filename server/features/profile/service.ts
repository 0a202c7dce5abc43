import { TRPCError } from "@trpc/server";
import type { Db } from "#db";
import { forUpdate, upsert } from "#db/dialect";
import type { Selectable } from "kysely";
import type { Language, UsersTable } from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import type { CurrentSession } from "../../auth/session";
import { requireVerifiedEmail } from "../../auth/verified-email";
import { AppError } from "../../errors";
import { columnsOf } from "../../lib/columns";
import { fieldError, FieldIssues } from "../../lib/field-error";
import type { Logger } from "../../logger";
import type { Mailer } from "../../mail";
import { isStorageKey, newStorageKey, type Storage } from "../../storage";
import { readStoredImage } from "../../storage/uploads";
import { acceptImage, ImageRejected } from "../../storage/images";
import { reauthValid, requireRecentReauth } from "../auth/account-security";
import { getMoneySettings } from "../settings/service";
import { changedFields, maskPaymentDetails, readPaymentDetails, usdtAddressState } from "./payment";
import { branchExists } from "./banks";
import type { PaymentDetailsForm, ProfileValues } from "../../domain/profile";
import { paymentDetailsSchema } from "./schema";

/** Remembers a member's language so mails and LINE messages reach them in it. */
export async function setLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db.kysely
    .updateTable("users")
    .set({ language, updated_at: nowDb() })
    .where("id", "=", userId)
    .execute();
}

// --------------------------------------------------------------------------------- profile

/** A member's profile as the member and the admin's customer page read it. */
export const PROFILE_COLUMNS = [
  "id",
  "name",
  "nickname",
  "email",
  "email_verified_at",
  "language",
  "profile_image",
  "twitter_url",
  "ranking_opt_out",
  "created_at",
] as const;

/** The member's own profile. `imageVersion` changes with each new image (cache busting). */
export async function getProfile(db: Db, userId: string) {
  const user = await db.kysely
    .selectFrom("users")
    .select(PROFILE_COLUMNS)
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return toProfile(user);
}

/** A PROFILE_COLUMNS row as the member's page and the admin's customer page show it. */
export function toProfile(user: Pick<Selectable<UsersTable>, (typeof PROFILE_COLUMNS)[number]>) {
  return {
    uid: user.id,
    name: user.name,
    nickname: user.nickname,
    email: user.email,
    emailVerified: user.email_verified_at !== null,
    language: user.language,
    imageVersion: user.profile_image ? imageVersion(user.profile_image) : null,
    twitterUrl: user.twitter_url,
    rankingOptOut: user.ranking_opt_out === 1,
    createdAt: user.created_at,
  };
}

/** A short, stable token of an image key for `?v=` in its URL; reveals nothing of the key. */
function imageVersion(key: string): string {
  return key.slice(key.indexOf("/") + 1, key.indexOf("/") + 9);
}

export async function updateProfile(db: Db, userId: string, input: ProfileValues): Promise<void> {
  await db.kysely
    .updateTable("users")
    .set({
      name: input.name,
      nickname: input.nickname,
      twitter_url: input.twitterUrl,
      ranking_opt_out: input.rankingOptOut ? 1 : 0,
      updated_at: nowDb(),
    })
    .where("id", "=", userId)
    .execute();
}

// ----------------------------------------------------------------------------------- image

function imageError(error: unknown): never {
  if (error instanceof ImageRejected) throw new AppError("BAD_REQUEST", error.problem);
  throw error;
}

/**
 * Stores a new profile image (checked by its bytes, metadata removed) and then forgets the old
 * one. The file is written before the row points at it, and removed again if the row cannot be
 * written, so a profile never points at a missing file.
 */
export async function setProfileImage(
  deps: { db: Db; storage: Storage; log: Logger },
  userId: string,
  upload: Uint8Array,
): Promise<void> {
  let image;
  try {
    image = acceptImage(upload);
  } catch (error) {
    imageError(error);
  }
  const key = newStorageKey("avatars", image.type);
  await deps.storage.put(key, image.bytes);
  let previous: string | null;
  try {
    previous = await swapProfileImage(deps.db, userId, key);
  } catch (error) {
    await deps.storage.remove(key);
    throw error;
  }
  await removeQuietly(deps, previous);
}

export async function removeProfileImage(
  deps: { db: Db; storage: Storage; log: Logger },
  userId: string,
): Promise<void> {
  await removeQuietly(deps, await swapProfileImage(deps.db, userId, null));
}

/**
 * Points the member's profile at `key` (or none) under the row's lock, so two uploads at once
 * each know exactly which file they replaced; returns that file's key.
 */
async function swapProfileImage(db: Db, userId: string, key: string | null) {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await forUpdate(
      db,
      trx.selectFrom("users").select("profile_image").where("id", "=", userId),
    ).executeTakeFirstOrThrow();
    await trx
      .updateTable("users")
      .set({ profile_image: key, updated_at: nowDb() })
      .where("id", "=", userId)
      .execute();
    return row.profile_image;
  });
}

/** A file nobody points at any more; failing to delete it costs disk space, nothing else. */
async function removeQuietly(deps: { storage: Storage; log: Logger }, key: string | null) {
  if (!key || !isStorageKey(key, "avatars")) return;
  try {
    await deps.storage.remove(key);
  } catch (err) {
    deps.log.warn({ err }, "removing a replaced profile image failed");
  }
}

/** A user's profile image; callers decide who may ask (the member, or an admin). */
export async function readProfileImage(
  deps: { db: Db; storage: Storage },
  userId: string,
): Promise<{ contentType: string; bytes: Uint8Array } | null> {
  const row = await deps.db.kysely
    .selectFrom("users")
    .select("profile_image")
    .where("id", "=", userId)
    .executeTakeFirst();
  return readStoredImage(deps.storage, row?.profile_image, "avatars");
}

// ------------------------------------------------------------------------- payment details

/**
 * The member's payment details: masked always, in full only within the reauthentication
 * window (the edit form needs them; a borrowed unlocked laptop does not show them).
 */
export async function paymentDetailsView(db: Db, session: CurrentSession) {
  const [details, settings, valid] = await Promise.all([
    readPaymentDetails(db.kysely, session.user.id),
    getMoneySettings(db.kysely),
    reauthValid(db, session.sessionId),
  ]);
  const { updatedAt, ...values } = details;
  const usdt = await usdtAddressState(db.kysely, session.user.id, settings.usdtNetwork);
  return {
    reauthValid: valid,
    usdtNetwork: settings.usdtNetwork,
    /** The saved address's network when it is the old one (shown marked), else null. */
    staleUsdtNetwork: usdt.stale ? usdt.addressNetwork : null,
    updatedAt,
    masked: maskPaymentDetails(values),
    values: valid ? values : null,
  };
}

/**
 * Saves the payment details after a recent reauthentication. The USDT address is checked
 * against the network the admin set; the whole change and an audit row naming the changed
 * fields (not their values) commit together.
 */
export async function updatePaymentDetails(
  deps: { db: Db; mailer: Mailer; log: Logger },
  session: CurrentSession,
  input: PaymentDetailsForm,
): Promise<{ changed: string[] }> {
  const { db } = deps;
  await requireRecentReauth(db, session.sessionId);
  await requireVerifiedEmail(db.kysely, session.user.id);
  // The form's rules, with the USDT network the admin set: every field's message at once. An
  // address kept from the old network may be sent back unchanged with the rest
  // of the form: it stays saved, and marked, for its own network.
  const { usdtNetwork } = await getMoneySettings(db.kysely);
  const saved = await usdtAddressState(db.kysely, session.user.id, usdtNetwork);
  const keepsOld =
    saved.stale && saved.addressNetwork !== null && input.usdtAddress.trim() === saved.address;
  const addressNetwork = keepsOld ? saved.addressNetwork! : usdtNetwork;
  const parsed = paymentDetailsSchema(addressNetwork).safeParse(input);
  if (!parsed.success) {
    throw new TRPCError({
      code: "BAD_REQUEST",
      message: "validation",
      cause: new FieldIssues(parsed.error.issues),
    });
  }
  const next = parsed.data;
  // A branch the bank does not have (when the published list knows the bank): a typo that
  // would send a payout nowhere.
  if (next.bankCode && next.branchNumber && !(await branchExists(next.bankCode, next.branchNumber)))
    throw fieldError("branchNumber", "branchUnknown");
  const userId = session.user.id;
  const result = await db.kysely.transaction().execute(async (trx) => {
    const { updatedAt: _updatedAt, ...before } = await readPaymentDetails(trx, userId);
    const changed = changedFields(before, next);
    if (changed.length === 0) return { changed };
    const now = nowDb();
    const columns = { ...columnsOf(next), usdt_network: next.usdtAddress ? addressNetwork : null };
    await upsert(
      db,
      trx
        .insertInto("payment_details")
        .values({ user_id: userId, ...columns, created_at: now, updated_at: now }),
      ["user_id"],
      { ...columns, updated_at: now },
    ).execute();
    await recordAudit(trx, {
      actorId: userId,
      action: "payment.update",
      targetType: "user",
      targetId: userId,
      data: { fields: changed },
    });
    return { changed };
  });
  if (result.changed.length > 0) await noticePaymentChange(deps, userId);
  return result;
}

/**
 * Tells the member by mail that the payout destination changed: if someone else did it (a
 * stolen session that passed reauthentication), the owner hears of it before money moves.
 * A mail failure is logged; it never undoes the saved change.
 */
async function noticePaymentChange(deps: { db: Db; mailer: Mailer; log: Logger }, userId: string) {
  const user = await deps.db.kysely
    .selectFrom("users")
    .select(["email", "nickname", "language"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  try {
    await deps.mailer.send({
      to: user.email,
      language: user.language,
      template: "paymentDetailsChanged",
      params: { name: user.nickname },
    });
  } catch (err) {
    deps.log.error({ err }, "sending the payment details notice failed");
  }
}
