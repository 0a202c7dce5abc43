import { type Kysely, type Selectable, sql } from "kysely";
import type { Db } from "#db";
import { isUniqueViolation } from "#db/dialect";
import { newId } from "#db/id";
import type { BrokersTable, Database } from "#db/schema";
import { nowDb } from "#db/time";
import { changedFields, recordAudit } from "../../audit";
import { found } from "../../errors";
import { fieldError } from "../../lib/field-error";
import type { Logger } from "../../logger";
import { isStorageKey, newStorageKey, type Storage } from "../../storage";
import { acceptImage, ImageRejected } from "../../storage/images";
import { accountRuleMessage, type BrokerValues } from "./schema";
import { discardFiles, readShownImage } from "../../storage/uploads";
import { versionInForce } from "../../domain/pricing";
import {
  type BrokerTerms,
  effectiveDay,
  type RateCardVersion,
  rateVersionsOf,
  ratesChange,
  termColumns,
  versionsShown,
} from "./terms";
import { tokyoDay } from "../../domain/tokyo";
import { proposeRateChange } from "./rate-changes";

/**
 * Brokers: who members can register accounts at. Admins create, edit and deactivate them
 * (a deactivated broker disappears from the member pages; its accounts stay). Logos and
 * banners are public art: uploaded ones live in storage under brokers/ and are served at
 * /media/brokers/<file>; seeded ones are files under public/broker-art/.
 */

export interface BrokerDeps {
  db: Db;
  storage: Storage;
  log: Logger;
}

const MEDIA_PREFIX = "/media/";

function mediaPath(key: string): string {
  return MEDIA_PREFIX + key;
}

/** The storage key behind an uploaded image's path, or null for a static file. */
function keyOfPath(path: string | null): string | null {
  if (!path?.startsWith(MEDIA_PREFIX)) return null;
  const key = path.slice(MEDIA_PREFIX.length);
  return isStorageKey(key, "brokers") ? key : null;
}

type BrokerRow = Pick<
  Selectable<BrokersTable>,
  | "id"
  | "code"
  | "name"
  | "account_kind"
  | "id_charset"
  | "id_min_length"
  | "id_max_length"
  | "signup_url"
  | "logo_path"
  | "banner_path"
  | "auto_rebate"
  | "active"
  | "display_order"
  | "conditions"
  | "conditions_en"
  | "credit_cycle"
  | "credit_day"
>;

const BROKER_COLUMNS = [
  "brokers.id",
  "brokers.code",
  "brokers.name",
  "brokers.account_kind",
  "brokers.id_charset",
  "brokers.id_min_length",
  "brokers.id_max_length",
  "brokers.signup_url",
  "brokers.logo_path",
  "brokers.banner_path",
  "brokers.auto_rebate",
  "brokers.active",
  "brokers.display_order",
  "brokers.conditions",
  "brokers.conditions_en",
  "brokers.credit_cycle",
  "brokers.credit_day",
] as const;

function toBroker(row: BrokerRow) {
  const rule = {
    kind: row.account_kind,
    charset: row.id_charset,
    min: row.id_min_length,
    max: row.id_max_length,
  };
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    accountKind: row.account_kind,
    idCharset: row.id_charset,
    idMinLength: row.id_min_length,
    idMaxLength: row.id_max_length,
    /** How the form explains the id this broker wants (an errors: key and its params). */
    rule: accountRuleMessage(rule),
    signupUrl: row.signup_url,
    logoPath: row.logo_path,
    bannerPath: row.banner_path,
    autoRebate: row.auto_rebate === 1,
    active: row.active === 1,
    displayOrder: row.display_order,
    conditions: row.conditions ?? "",
    conditionsEn: row.conditions_en ?? "",
    creditCycle: row.credit_cycle,
    creditDay: row.credit_day,
  };
}
export type Broker = ReturnType<typeof toBroker>;

/** The brokers members see (banners, the add-account form), in the admin's order. */
export async function listActiveBrokers(db: Db): Promise<Broker[]> {
  const rows = await db.kysely
    .selectFrom("brokers")
    .select(BROKER_COLUMNS)
    .where("brokers.active", "=", 1)
    .orderBy("brokers.display_order")
    .orderBy("brokers.name")
    .execute();
  return rows.map(toBroker);
}

/** Every broker, active or not, with how many accounts each holds. */
export async function listBrokers(db: Db) {
  const rows = await db.kysely
    .selectFrom("brokers")
    .select(BROKER_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom("broker_accounts")
        .select(sql<number>`count(*)`.as("n"))
        .whereRef("broker_accounts.broker_id", "=", "brokers.id")
        .as("account_count"),
    )
    .orderBy("brokers.active", "desc")
    .orderBy("brokers.display_order")
    .orderBy("brokers.name")
    .execute();
  return rows.map((r) => ({ ...toBroker(r), accountCount: Number(r.account_count ?? 0) }));
}

/** Whether a broker of this id is on file; each caller says what its absence means. */
export async function brokerExists(db: Kysely<Database>, brokerId: string): Promise<boolean> {
  const row = await db
    .selectFrom("brokers")
    .select("id")
    .where("id", "=", brokerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** One broker for its edit page, with its rates in force today and its rate card versions. */
export async function getBroker(
  db: Db,
  id: string,
): Promise<Broker & { versions: RateCardVersion[] } & ReturnType<typeof versionsShown>> {
  const row = found(
    await db.kysely
      .selectFrom("brokers")
      .select(BROKER_COLUMNS)
      .where("brokers.id", "=", id)
      .executeTakeFirst(),
  );
  const versions = (await rateVersionsOf(db.kysely, [id])).get(id) ?? [];
  return { ...toBroker(row), versions, ...versionsShown(versions, tokyoDay()) };
}

function columnsOf(input: BrokerValues) {
  const own = input.accountKind !== "mt_number";
  return {
    code: input.code,
    name: input.name,
    account_kind: input.accountKind,
    id_charset: own ? input.idCharset : null,
    id_min_length: own ? input.idMinLength : null,
    id_max_length: own ? input.idMaxLength : null,
    signup_url: input.signupUrl,
    auto_rebate: input.autoRebate ? 1 : 0,
    active: input.active ? 1 : 0,
    display_order: input.displayOrder,
  } as const;
}

export interface BrokerImages {
  logo?: Uint8Array | undefined;
  banner?: Uint8Array | undefined;
  removeLogo?: boolean | undefined;
  removeBanner?: boolean | undefined;
}

/** Checks and stores the uploaded images first, so a bad image refuses the whole save. */
async function storeImages(deps: BrokerDeps, images: BrokerImages) {
  const stored: { logo?: string; banner?: string } = {};
  const check = (bytes: Uint8Array, field: "logo" | "banner") => {
    try {
      return acceptImage(bytes);
    } catch (error) {
      if (error instanceof ImageRejected) throw fieldError(field, error.problem);
      throw error;
    }
  };
  const logo = images.logo?.length ? check(images.logo, "logo") : null;
  const banner = images.banner?.length ? check(images.banner, "banner") : null;
  if (logo) {
    stored.logo = newStorageKey("brokers", logo.type);
    await deps.storage.put(stored.logo, logo.bytes);
  }
  if (banner) {
    stored.banner = newStorageKey("brokers", banner.type);
    await deps.storage.put(stored.banner, banner.bytes);
  }
  return stored;
}

function codeTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw fieldError("code", "brokerCodeTaken");
  throw error;
}

/**
 * Creates a broker; its first rates, if any, only wait for a second admin (`rateChange`: its
 * id): nothing is priced at them until another admin approves them.
 */
export async function createBroker(
  deps: BrokerDeps,
  adminId: string,
  input: BrokerValues,
  images: BrokerImages,
  terms?: BrokerTerms,
): Promise<{ id: string; rateChange: string | null }> {
  const stored = await storeImages(deps, images);
  const id = newId();
  const now = nowDb();
  // Its first rates are a rate change like any other: they wait for a second admin.
  const rates = terms ? ratesChange([], terms.rates) : null;
  let rateChange: string | null = null;
  try {
    await deps.db.kysely.transaction().execute(async (trx) => {
      const values = {
        id,
        ...columnsOf(input),
        ...(terms ? termColumns(terms) : {}),
        logo_path: stored.logo ? mediaPath(stored.logo) : null,
        banner_path: stored.banner ? mediaPath(stored.banner) : null,
        created_at: now,
        updated_at: now,
      };
      await trx.insertInto("brokers").values(values).execute();
      // The broker's record lists the rates asked for; the rate change's own records say when
      // they are in force: from the start, or from the day the admin gave, once approved.
      await recordAudit(trx, {
        actorId: adminId,
        action: "broker.create",
        targetType: "broker",
        targetId: id,
        data: { after: { ...values, rates: rates?.after ?? [] } },
      });
      if (terms && rates) {
        const from = effectiveDay([], terms.ratesFrom ?? null);
        rateChange = (await proposeRateChange(trx, adminId, id, from, rates, terms.rates)).id;
      }
    });
  } catch (error) {
    await discardFiles(deps, [stored.logo, stored.banner], "a broker image");
    codeTaken(error);
  }
  return { id, rateChange };
}

/**
 * Saves a broker's fields at once; a change of its rates is only recorded as awaiting a second
 * admin (`rateChange`: its id), in force once another admin approves it.
 */
export async function updateBroker(
  deps: BrokerDeps,
  adminId: string,
  id: string,
  input: BrokerValues,
  images: BrokerImages,
  terms?: BrokerTerms,
): Promise<{ rateChange: string | null }> {
  const before = found(
    await deps.db.kysely.selectFrom("brokers").selectAll().where("id", "=", id).executeTakeFirst(),
  );
  const stored = await storeImages(deps, images);
  const logoPath = stored.logo
    ? mediaPath(stored.logo)
    : images.removeLogo
      ? null
      : before.logo_path;
  const bannerPath = stored.banner
    ? mediaPath(stored.banner)
    : images.removeBanner
      ? null
      : before.banner_path;
  const after = {
    ...columnsOf(input),
    ...(terms ? termColumns(terms) : {}),
    logo_path: logoPath,
    banner_path: bannerPath,
  };
  const columnChanges = changedFields(before, after);
  // A change of rates is a version of the card from its day on: compared with
  // the rates that day would otherwise have.
  const versions = terms ? ((await rateVersionsOf(deps.db.kysely, [id])).get(id) ?? []) : [];
  const ratesFrom = terms ? effectiveDay(versions, terms.ratesFrom ?? null) : null;
  const rateChanges =
    terms && ratesFrom
      ? ratesChange(versionInForce(versions, ratesFrom)?.rates ?? [], terms.rates)
      : null;
  // One audit record for the save: the changed columns, and the rate rows asked for, before and
  // after (not in force until a second admin approves them: the rate change's own records).
  const changes =
    columnChanges || rateChanges
      ? {
          before: { ...columnChanges?.before, ...(rateChanges && { rates: rateChanges.before }) },
          after: {
            ...columnChanges?.after,
            ...(rateChanges && { rates: rateChanges.after, ratesFrom }),
          },
        }
      : null;
  let rateChange: string | null = null;
  try {
    await deps.db.kysely.transaction().execute(async (trx) => {
      await trx
        .updateTable("brokers")
        .set({ ...after, updated_at: nowDb() })
        .where("id", "=", id)
        .execute();
      if (terms && rateChanges) {
        const proposed = await proposeRateChange(
          trx,
          adminId,
          id,
          ratesFrom!,
          rateChanges,
          terms.rates,
        );
        rateChange = proposed.id;
      }
      if (before.code !== after.code) await keepOldSlug(trx, id, before.code, after.code);
      if (changes) {
        await recordAudit(trx, {
          actorId: adminId,
          action: before.active === 1 && !input.active ? "broker.deactivate" : "broker.update",
          targetType: "broker",
          targetId: id,
          data: changes,
        });
      }
    });
  } catch (error) {
    await discardFiles(deps, [stored.logo, stored.banner], "a broker image");
    codeTaken(error);
  }
  // Replaced or removed uploads are no longer shown anywhere.
  await discardFiles(
    deps,
    [
      logoPath !== before.logo_path ? keyOfPath(before.logo_path) : null,
      bannerPath !== before.banner_path ? keyOfPath(before.banner_path) : null,
    ],
    "a broker image",
  );
  return { rateChange };
}

/**
 * A changed code leaves the old one as an address of the broker's public page:
 * /brokers/<old> redirects to /brokers/<new>. The new code stops being anyone's old address.
 */
async function keepOldSlug(
  trx: Kysely<Database>,
  brokerId: string,
  oldCode: string,
  newCode: string,
): Promise<void> {
  await trx.deleteFrom("broker_slugs").where("slug", "in", [oldCode, newCode]).execute();
  await trx
    .insertInto("broker_slugs")
    .values({ slug: oldCode, broker_id: brokerId, created_at: nowDb() })
    .execute();
}

/**
 * An uploaded logo or banner, for the public media route. Only a file a broker currently
 * shows is served: storage holds nothing else under brokers/, but a file being replaced or an
 * avatar key must never come out of this door.
 */
export function readBrokerArt(
  deps: { db: Db; storage: Storage },
  file: string,
): Promise<{ contentType: string; bytes: Uint8Array }> {
  return readShownImage(deps, "brokers", file, (key) =>
    deps.db.kysely
      .selectFrom("brokers")
      .select("id")
      .where((eb) =>
        eb.or([eb("logo_path", "=", mediaPath(key)), eb("banner_path", "=", mediaPath(key))]),
      )
      .executeTakeFirst(),
  );
}
