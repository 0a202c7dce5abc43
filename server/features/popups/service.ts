import type { Expression, Kysely, QueryCreator } from "kysely";
import type { z } from "zod";
import type { Db } from "#db";
import { forUpdate, insertIgnore } from "#db/dialect";
import type { Database, Language } from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import { notFound } from "../../errors";
import { columnsOf } from "../../lib/columns";
import { inJapanese, localized } from "../../lib/localized";
import { inPhase, phaseAt } from "../../lib/schedule";
import { mapRows, paginateSorted } from "../../lib/paging";
import type { Logger } from "../../logger";
import type { Storage } from "../../storage";
import { readShownImage } from "../../storage/uploads";
import type { adminListInput, PopupState, PopupValues } from "./schema";
import {
  createEntity,
  entityChange,
  type ImageUpload,
  updateWithImage,
} from "../admin/entity-image";

/**
 * Popups: admin-written notices that open by themselves on a member's page load. A member is
 * shown the oldest active popup inside its period that they have not been shown yet; showing
 * it records a popup_views row (insert-ignore on the popup and member), so each popup shows
 * once per member however many tabs load at once.
 */

export interface PopupDeps {
  db: Db;
  storage: Storage;
  log: Logger;
}

export function imageUrlOf(key: string | null): string | null {
  return key ? `/media/${key}` : null;
}

/** A popup's phase in the words the admin's list uses; an inactive one is "inactive" whenever. */
const POPUP_STATE = { upcoming: "scheduled", open: "showing", ended: "ended" } as const;
const PHASE_OF = { scheduled: "upcoming", showing: "open", ended: "ended" } as const;

export function stateOf(
  row: { active: number; starts_at: string; ends_at: string },
  now: string,
): PopupState {
  if (row.active !== 1) return "inactive";
  return POPUP_STATE[phaseAt(row, now)];
}

/** What a member is shown of a popup. */
const NOTICE_COLUMNS = [
  "popups.id",
  "popups.title",
  "popups.body",
  "popups.title_en",
  "popups.body_en",
  "popups.image_key",
  "popups.link_url",
] as const;

const COLUMNS = [
  ...NOTICE_COLUMNS,
  "popups.starts_at",
  "popups.ends_at",
  "popups.active",
  "popups.created_at",
  "popups.updated_at",
] as const;

type PopupRow = {
  id: string;
  title: string;
  body: string;
  title_en: string | null;
  body_en: string | null;
  image_key: string | null;
  link_url: string | null;
  starts_at: string;
  ends_at: string;
  active: number;
  created_at: string;
  updated_at: string;
};

type NoticeRow = Pick<
  PopupRow,
  "id" | "title" | "body" | "title_en" | "body_en" | "image_key" | "link_url"
>;

/** What a member sees of a popup, in the member's language. */
function toNotice(row: NoticeRow, locale: Language) {
  return {
    id: row.id,
    title: localized(row, "title", locale),
    body: localized(row, "body", locale),
    /** Texts an English reader is shown in Japanese (no English written): marked on the page. */
    japanese: { title: inJapanese(row, "title", locale), body: inJapanese(row, "body", locale) },
    imageUrl: imageUrlOf(row.image_key),
    linkUrl: row.link_url,
  };
}

/** A popup as the admin edits it: the Japanese texts and their English ("" when not written). */
function toPopup(row: PopupRow, now: string) {
  return {
    ...toNotice(row, "ja"),
    titleEn: row.title_en ?? "",
    bodyEn: row.body_en ?? "",
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    active: row.active === 1,
    state: stateOf(row, now),
    createdAt: row.created_at,
  };
}

// ------------------------------------------------------------------------------- members

/**
 * The active popups inside their period that the member has not been shown: what nextPopup
 * reads, and what the session lookup asks with EXISTS (server/auth/session.ts), correlated on
 * the session's member, so a page with nothing to open sends no popup query at all.
 */
export function unseenPopups(
  qb: QueryCreator<Database>,
  userId: string | Expression<string>,
  now: string,
) {
  return qb
    .selectFrom("popups")
    .leftJoin("popup_views", (join) =>
      join.onRef("popup_views.popup_id", "=", "popups.id").on("popup_views.user_id", "=", userId),
    )
    .where("popups.active", "=", 1)
    .where(inPhase("popups", "open", now))
    .where("popup_views.popup_id", "is", null);
}

/** The popup to show now: the oldest active one in its period the member has not been shown. */
export async function nextPopup(db: Db, userId: string, locale: Language) {
  const row = await unseenPopups(db.kysely, userId, nowDb())
    .select(NOTICE_COLUMNS)
    .orderBy("popups.starts_at", "asc")
    .orderBy("popups.id", "asc")
    .limit(1)
    .executeTakeFirst();
  return row ? toNotice(row, locale) : null;
}

/** The member has been shown the popup: it never shows to them again. */
export async function markSeen(db: Db, userId: string, popupId: string) {
  const popup = await db.kysely
    .selectFrom("popups")
    .select("id")
    .where("id", "=", popupId)
    .executeTakeFirst();
  if (!popup) throw notFound();
  const result = await insertIgnore(
    db,
    db.kysely
      .insertInto("popup_views")
      .values({ popup_id: popupId, user_id: userId, seen_at: nowDb() }),
  ).executeTakeFirst();
  return { recorded: Number(result.numInsertedOrUpdatedRows ?? 0) === 1 };
}

/** A popup's image, for /media/popups/<file>: only a file a popup currently shows. */
export function readPopupImage(deps: { db: Db; storage: Storage }, file: string) {
  return readShownImage(deps, "popups", file, ["popups"]);
}

// --------------------------------------------------------------------------------- admin

const SORT = { startsAt: "popups.starts_at", createdAt: "popups.created_at" } as const;

export async function adminListPopups(db: Db, input: z.output<typeof adminListInput>) {
  const now = nowDb();
  const phase = input.state && input.state !== "inactive" ? PHASE_OF[input.state] : null;
  const query = db.kysely
    .selectFrom("popups")
    .select(COLUMNS)
    .select((eb) => [
      eb
        .selectFrom("popup_views")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("popup_views.popup_id", "=", "popups.id")
        .as("views"),
    ])
    .$if(input.state === "inactive", (q) => q.where("popups.active", "=", 0))
    .$if(phase !== null, (q) =>
      q.where("popups.active", "=", 1).where(inPhase("popups", phase!, now)),
    );
  const page = await paginateSorted(query, input, SORT[input.sort], "popups.id");
  return mapRows(page, (r) => ({ ...toPopup(r, now), views: Number(r.views ?? 0) }));
}

async function popupRow(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom("popups").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function adminGetPopup(db: Db, id: string) {
  const row = await popupRow(db.kysely, id);
  const views = await db.kysely
    .selectFrom("popup_views")
    .select((e) => e.fn.countAll<number>().as("n"))
    .where("popup_id", "=", id)
    .executeTakeFirst();
  return { ...toPopup(row, nowDb()), views: Number(views?.n ?? 0) };
}

export function createPopup(
  deps: PopupDeps,
  adminId: string,
  values: PopupValues,
  image: ImageUpload,
) {
  return createEntity(deps, "popups", "popup", adminId, image, async (trx, created) => {
    await trx
      .insertInto("popups")
      .values({ ...created, ...columnsOf(values) })
      .execute();
    return { ...columnsOf(values), image_key: created.image_key };
  });
}

export async function updatePopup(
  deps: PopupDeps,
  adminId: string,
  id: string,
  values: PopupValues,
  image: ImageUpload,
) {
  const { db } = deps;
  const audit = entityChange(adminId, "popup", id, "update");
  return updateWithImage(deps, "popups", image, audit, async (trx, keepImage) => {
    const before = await forUpdate(
      db,
      trx.selectFrom("popups").select(COLUMNS).where("id", "=", id),
    ).executeTakeFirst();
    if (!before) throw notFound();
    const after = { ...columnsOf(values), image_key: keepImage(before.image_key) };
    await trx
      .updateTable("popups")
      .set({ ...after, updated_at: nowDb() })
      .where("id", "=", id)
      .execute();
    return { before, after, result: { id } };
  });
}

export async function setActive(db: Db, adminId: string, id: string, active: boolean) {
  await db.kysely.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("popups")
      .set({ active: active ? 1 : 0, updated_at: nowDb() })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw notFound();
    await recordAudit(trx, {
      actorId: adminId,
      action: active ? "popup.activate" : "popup.deactivate",
      targetType: "popup",
      targetId: id,
    });
  });
  return { id, active };
}
