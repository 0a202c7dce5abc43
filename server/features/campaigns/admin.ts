import type { z } from "zod";
import type { Db } from "#db";
import { forUpdate } from "#db/dialect";
import { nowDb } from "#db/time";
import { columnsOf } from "../../lib/columns";
import { fieldError } from "../../lib/field-error";
import { contains, listPage, memberMatches, paginateSorted } from "../../lib/paging";
import type { adminEntriesInput, adminListInput, CampaignValues } from "./schema";
import {
  createEntity,
  entityChange,
  type ImageUpload,
  updateWithImage,
} from "../admin/entity-image";
import {
  CAMPAIGN_COLUMNS,
  type CampaignDeps,
  campaignNotFound,
  countEntries,
  entryCountSql,
  toCampaign,
} from "./service";

/** Campaigns in the admin: the list, one campaign, creating and editing it, its entries. */

const ADMIN_SORT = {
  startsAt: "campaigns.starts_at",
  createdAt: "campaigns.created_at",
  title: "campaigns.title",
} as const;

export async function adminListCampaigns(db: Db, input: z.output<typeof adminListInput>) {
  const now = nowDb();
  const query = db.kysely
    .selectFrom("campaigns")
    .select(CAMPAIGN_COLUMNS)
    .select(entryCountSql().as("entries"))
    .$if(!!input.q, (q) => q.where(contains("campaigns.title", input.q!)));
  return listPage(query, input, ADMIN_SORT[input.sort], "campaigns.id", (r) =>
    toCampaign(r, Number(r.entries ?? 0), now),
  );
}

export async function adminGetCampaign(db: Db, id: string) {
  const row = await db.kysely
    .selectFrom("campaigns")
    .select(CAMPAIGN_COLUMNS)
    .select(entryCountSql().as("entries"))
    .where("campaigns.id", "=", id)
    .executeTakeFirst();
  if (!row) throw campaignNotFound();
  return toCampaign(row, Number(row.entries ?? 0), nowDb());
}

export function createCampaign(
  deps: CampaignDeps,
  adminId: string,
  values: CampaignValues,
  image: ImageUpload,
): Promise<{ id: string }> {
  return createEntity(deps, "campaigns", "campaign", adminId, image, async (trx, created) => {
    await trx
      .insertInto("campaigns")
      .values({ ...created, ...columnsOf(values) })
      .execute();
    return { ...columnsOf(values), image_key: created.image_key };
  });
}

/**
 * Edits a campaign under the lock an entry takes, so a lowered capacity and an entry never
 * interleave. A capacity below the entries already made is refused: nobody's entry is undone.
 */
export async function updateCampaign(
  deps: CampaignDeps,
  adminId: string,
  id: string,
  values: CampaignValues,
  image: ImageUpload,
): Promise<void> {
  const { db } = deps;
  const audit = entityChange(adminId, "campaign", id, "update");
  await updateWithImage(deps, "campaigns", image, audit, async (trx, keepImage) => {
    const before = await forUpdate(
      db,
      trx.selectFrom("campaigns").selectAll().where("id", "=", id),
    ).executeTakeFirst();
    if (!before) throw campaignNotFound();
    if (values.capacity !== null && (await countEntries(trx, id)) > values.capacity) {
      throw fieldError("capacity", "campaignCapacityBelowEntries");
    }
    const after = { ...columnsOf(values), image_key: keepImage(before.image_key) };
    await trx
      .updateTable("campaigns")
      .set({ ...after, updated_at: nowDb() })
      .where("id", "=", id)
      .execute();
    return { before, after, result: undefined };
  });
}

/** A campaign's entries with the member's name and email; `export` for the CSV. */
export async function adminEntries(db: Db, input: z.output<typeof adminEntriesInput>) {
  const campaign = await adminGetCampaign(db, input.campaignId);
  let query = db.kysely
    .selectFrom("campaign_entries")
    .innerJoin("users", "users.id", "campaign_entries.user_id")
    .select([
      "campaign_entries.id",
      "campaign_entries.created_at",
      "users.id as user_id",
      "users.name",
      "users.nickname",
      "users.email",
    ])
    .where("campaign_entries.campaign_id", "=", input.campaignId);
  if (input.member) query = query.where((eb) => eb.or(memberMatches(input.member!, true)));
  const page = await paginateSorted(
    query,
    input,
    "campaign_entries.created_at",
    "campaign_entries.id",
  );
  return {
    campaign: { id: campaign.id, title: campaign.title },
    ...page,
    rows: page.rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at,
      member: { id: r.user_id, name: r.name, nickname: r.nickname, email: r.email },
    })),
  };
}
