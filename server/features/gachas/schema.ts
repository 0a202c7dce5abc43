import { z } from "zod";
import { fileInput, imageInput } from "../../domain/form-fields";
import { tokyoLocalToDb } from "../../domain/form-times";
import { gachaInput, rewardInput } from "../../domain/gacha";
import { idInput, recordId } from "../../lib/input";
import { filterChoice, filterText, pagingSchema } from "../../lib/paging";

/**
 * Gachas: the admin's forms (gacha, reward) and the members' inputs. One schema per input,
 * shared by the form (the route passes the form's strings) and the procedure. Messages are
 * i18n keys under `errors:field`.
 */

/** What a member's history row is: an item's state, or what a cash / no-prize draw did. */
export const LOG_STATES = [
  "available",
  "used",
  "expired",
  "not_started",
  "credited",
  "none",
] as const;
export type LogState = (typeof LOG_STATES)[number];
export const LIST_FILTERS = ["open", "upcoming", "closed", "played"] as const;

export { fileInput, idInput, imageInput, tokyoLocalToDb };
export * from "../../domain/gacha";

// ------------------------------------------------------------------------------ gacha form

export const createGachaInput = z.object({ gacha: gachaInput, image: imageInput });
/** An update is the create form plus the record's id. */
export const updateGachaInput = createGachaInput.extend({ id: recordId });

// ----------------------------------------------------------------------------- reward form

export const createRewardInput = z.object({
  gachaId: recordId,
  reward: rewardInput,
  image: imageInput,
});
export const updateRewardInput = z.object({
  id: recordId,
  reward: rewardInput,
  image: imageInput,
});

// -------------------------------------------------------------------------------- members

export const memberListInput = pagingSchema(["status"], { sort: "status", dir: "asc" }).extend({
  filter: filterChoice(LIST_FILTERS),
});

export const myLogsInput = pagingSchema(["createdAt"], { sort: "createdAt", dir: "desc" }).extend({
  state: filterChoice(LOG_STATES),
});

// ---------------------------------------------------------------------------------- admin

export const adminListInput = pagingSchema(["startsAt", "createdAt", "name"], {
  sort: "startsAt",
  dir: "desc",
}).extend({ q: filterText(100) });

export const adminLogsInput = pagingSchema(["createdAt"], {
  sort: "createdAt",
  dir: "desc",
}).extend({
  gachaId: recordId,
  member: filterText(100),
  state: filterChoice(LOG_STATES),
});
