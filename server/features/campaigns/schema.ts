import { z } from "zod";
import { fileInput, imageInput } from "../../domain/form-fields";
import { idInput, recordId } from "../../lib/input";
import { campaignInput } from "../../domain/campaign";
import { filterChoice, filterText, pagingSchema } from "../../lib/paging";

/**
 * Campaigns: the admin's form and the list inputs. The form passes its strings; this schema
 * checks and converts them (Tokyo date-times to stored UTC, capacity "" to unlimited).
 * Messages are i18n keys under `errors:field`.
 */

/** What a member sees of a campaign at a moment. */
export const CAMPAIGN_STATUSES = ["open", "upcoming", "ended", "full"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** The member list's filters: by period, or the ones the member entered. */
export const MEMBER_FILTERS = ["open", "upcoming", "ended", "entered"] as const;

const id = recordId;
export { fileInput, idInput, imageInput };
export * from "../../domain/campaign";

export const createCampaignInput = z.object({ campaign: campaignInput, image: imageInput });
/** An update is the create form plus the record's id. */
export const updateCampaignInput = createCampaignInput.extend({ id: recordId });

export const memberListInput = pagingSchema(["status"], { sort: "status", dir: "asc" }).extend({
  filter: filterChoice(MEMBER_FILTERS),
});

export const enterInput = z.object({ campaignId: id });

export const adminListInput = pagingSchema(["startsAt", "createdAt", "title"], {
  sort: "startsAt",
  dir: "desc",
}).extend({ q: filterText(100) });

export const adminEntriesInput = pagingSchema(["createdAt"], {
  sort: "createdAt",
  dir: "desc",
}).extend({ campaignId: id, member: filterText(100) });
