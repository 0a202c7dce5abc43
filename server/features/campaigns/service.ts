import { type Kysely, sql } from "kysely";
import type { z } from "zod";
import type { Db } from "#db";
import { forUpdate, insertIgnore, isUniqueViolation } from "#db/dialect";
import { newId } from "#db/id";
import type { Database, Language } from "#db/schema";
import { nowDb } from "#db/time";
import { AppError } from "../../errors";
import { inJapanese, localized } from "../../lib/localized";
import { byPhase, inPhase, phaseAt } from "../../lib/schedule";
import { mapRows, paginate } from "../../lib/paging";
import { inTransaction } from "../../ledger";
import type { Logger } from "../../logger";
import { isStorageKey, type Storage } from "../../storage";
import { readShownImage } from "../../storage/uploads";
import type { CampaignStatus, memberListInput } from "./schema";

/**
 * Campaigns: admins write them (text body, conditions, period, optional capacity and image);
 * members see the active ones and enter once. An entry is one campaign_entries row, unique per
 * member and campaign; the capacity is checked under the campaign row's lock, in the same
 * transaction as the insert, so neither a double click nor a crowd gets past it.
 */

export interface CampaignDeps {
  db: Db;
  storage: Storage;
  log: Logger;
}

export const campaignNotFound = () => new AppError("NOT_FOUND", "campaignNotFound");
export const campaignNotOpen = () => new AppError("BAD_REQUEST", "campaignNotOpen");
export const campaignFull = () => new AppError("CONFLICT", "campaignFull");

const MEDIA = "/media/campaigns/";

export function imageUrl(key: string | null): string | null {
  return key && isStorageKey(key, "campaigns") ? MEDIA + key.slice("campaigns/".length) : null;
}

/** What a member sees: the period's state, or "full" for an open campaign with no room left. */
export function statusOf(
  c: { starts_at: string; ends_at: string; capacity: number | null },
  entries: number,
  now: string,
): CampaignStatus {
  const period = phaseAt(c, now);
  if (period === "open" && c.capacity !== null && entries >= c.capacity) return "full";
  return period;
}

// ------------------------------------------------------------------------------------ rows

export const CAMPAIGN_COLUMNS = [
  "campaigns.id",
  "campaigns.title",
  "campaigns.body",
  "campaigns.image_key",
  "campaigns.starts_at",
  "campaigns.ends_at",
  "campaigns.conditions",
  "campaigns.title_en",
  "campaigns.body_en",
  "campaigns.conditions_en",
  "campaigns.capacity",
  "campaigns.active",
  "campaigns.created_at",
  "campaigns.updated_at",
] as const;

interface CampaignRow {
  id: string;
  title: string;
  body: string;
  image_key: string | null;
  starts_at: string;
  ends_at: string;
  conditions: string;
  title_en: string | null;
  body_en: string | null;
  conditions_en: string | null;
  capacity: number | null;
  active: number;
  created_at: string;
  updated_at: string;
}

export function entryCountSql() {
  return sql<
    number | string
  >`(select count(*) from campaign_entries e where e.campaign_id = campaigns.id)`;
}

/** A campaign as the admin edits it: the Japanese texts and their English ("" when not written). */
export function toCampaign(row: CampaignRow, entries: number, now: string) {
  return {
    ...campaignFacts(row, entries, now),
    title: row.title,
    body: row.body,
    conditions: row.conditions,
    titleEn: row.title_en ?? "",
    bodyEn: row.body_en ?? "",
    conditionsEn: row.conditions_en ?? "",
  };
}

/** A campaign as a member reads it: each text in the member's language. */
function toMemberCampaign(row: CampaignRow, entries: number, now: string, locale: Language) {
  return {
    ...campaignFacts(row, entries, now),
    title: localized(row, "title", locale),
    body: localized(row, "body", locale),
    conditions: localized(row, "conditions", locale),
    /** Texts an English reader is shown in Japanese (no English written): marked on the page. */
    japanese: {
      title: inJapanese(row, "title", locale),
      body: inJapanese(row, "body", locale),
      conditions: row.conditions !== "" && inJapanese(row, "conditions", locale),
    },
  };
}

function campaignFacts(row: CampaignRow, entries: number, now: string) {
  const capacity = row.capacity === null ? null : Number(row.capacity);
  return {
    id: row.id,
    imageUrl: imageUrl(row.image_key),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    capacity,
    active: Number(row.active) === 1,
    entries,
    remaining: capacity === null ? null : Math.max(0, capacity - entries),
    status: statusOf({ ...row, capacity }, entries, now),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

// ----------------------------------------------------------------------------------- members

/** The active campaigns, each with the member's entry (if any) and the count of entries. */
function campaignsForMember(db: Db, userId: string) {
  return db.kysely
    .selectFrom("campaigns")
    .leftJoin("campaign_entries as mine", (join) =>
      join.onRef("mine.campaign_id", "=", "campaigns.id").on("mine.user_id", "=", userId),
    )
    .select(CAMPAIGN_COLUMNS)
    .select(["mine.created_at as entered_at", entryCountSql().as("entries")])
    .where("campaigns.active", "=", 1);
}

/**
 * The active campaigns for a member: open first (soonest to end first), then upcoming, then
 * ended (latest first), each with whether the member entered.
 */
export async function memberListCampaigns(
  db: Db,
  userId: string,
  input: z.output<typeof memberListInput>,
  locale: Language,
) {
  const now = nowDb();
  let query = campaignsForMember(db, userId);
  if (input.filter === "entered") query = query.where("mine.id", "is not", null);
  else if (input.filter) query = query.where(inPhase("campaigns", input.filter, now));
  const page = await paginate(query, input, byPhase("campaigns", now, input.dir));
  return mapRows(page, (r) => ({
    ...toMemberCampaign(r, Number(r.entries ?? 0), now, locale),
    entered: r.entered_at !== null,
    enteredAt: r.entered_at,
  }));
}

/** One active campaign with where the member stands. Inactive ones do not exist for members. */
export async function memberGetCampaign(db: Db, userId: string, id: string, locale: Language) {
  const now = nowDb();
  const row = await campaignsForMember(db, userId)
    .where("campaigns.id", "=", id)
    .executeTakeFirst();
  if (!row) throw campaignNotFound();
  return {
    ...toMemberCampaign(row, Number(row.entries ?? 0), now, locale),
    entered: row.entered_at !== null,
    enteredAt: row.entered_at,
  };
}

/**
 * Enters the member in the campaign, once. Under the campaign row's lock (MySQL; SQLite's
 * write transaction excludes other writers anyway): an existing entry is a success that
 * changes nothing (a double click, a second tab), otherwise the period and the capacity are
 * checked against the entries counted inside the same transaction, then the row is written.
 * UNIQUE(campaign_id, user_id) is the last guard: a duplicate is the same success.
 */
export async function enterCampaign(
  db: Db,
  userId: string,
  campaignId: string,
): Promise<{ id: string; already: boolean; enteredAt: string }> {
  try {
    return await inTransaction(db, async (trx) => {
      const campaign = await forUpdate(
        db,
        trx
          .selectFrom("campaigns")
          .select(["id", "starts_at", "ends_at", "capacity", "active"])
          .where("id", "=", campaignId),
      ).executeTakeFirst();
      if (!campaign || Number(campaign.active) !== 1) throw campaignNotFound();
      const existing = await existingEntry(trx, campaignId, userId);
      if (existing) return { id: campaignId, already: true, enteredAt: existing.created_at };
      const now = nowDb();
      if (phaseAt(campaign, now) !== "open") throw campaignNotOpen();
      const full =
        campaign.capacity !== null &&
        (await countEntries(trx, campaignId)) >= Number(campaign.capacity);
      if (full) throw campaignFull();
      const inserted = await insertIgnore(
        db,
        trx.insertInto("campaign_entries").values({
          id: newId(),
          campaign_id: campaignId,
          user_id: userId,
          created_at: now,
        }),
      ).executeTakeFirst();
      const already = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0;
      const row = already ? await existingEntry(trx, campaignId, userId) : null;
      return { id: campaignId, already, enteredAt: row?.created_at ?? now };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const row = await existingEntry(db.kysely, campaignId, userId);
    if (!row) throw error;
    return { id: campaignId, already: true, enteredAt: row.created_at };
  }
}

/** How many members entered the campaign (under its lock: what a capacity is checked against). */
export async function countEntries(db: Kysely<Database>, campaignId: string): Promise<number> {
  const counted = await db
    .selectFrom("campaign_entries")
    .select(sql<number | string>`count(*)`.as("n"))
    .where("campaign_id", "=", campaignId)
    .executeTakeFirst();
  return Number(counted?.n ?? 0);
}

function existingEntry(db: Kysely<Database>, campaignId: string, userId: string) {
  return db
    .selectFrom("campaign_entries")
    .select(["id", "created_at"])
    .where("campaign_id", "=", campaignId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/**
 * A campaign's image, for the media route. Only an image an active campaign shows comes out
 * of this door (a replaced or foreign key is a 404).
 */
export function readCampaignImage(deps: { db: Db; storage: Storage }, file: string) {
  return readShownImage(deps, "campaigns", file, ["campaigns"], campaignNotFound);
}
