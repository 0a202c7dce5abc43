import { z } from "zod";
import {
  endAfterStart,
  englishText,
  fileInput,
  imageInput,
  periodFields,
} from "../../lib/form-fields";
import { idInput, present, recordId, required } from "../../lib/input";
import { filterChoice, filterText, pagingSchema } from "../../lib/paging";

/**
 * Campaigns: the admin's form and the list inputs. The form passes its strings; this schema
 * checks and converts them (Tokyo date-times to stored UTC, capacity "" to unlimited).
 * Messages are i18n keys under `errors:field`.
 */

export const MAX_TITLE = 200;
export const MAX_BODY = 10_000;
export const MAX_CONDITIONS = 5_000;
export const MAX_CAPACITY = 1_000_000;

/** What a member sees of a campaign at a moment. */
export const CAMPAIGN_STATUSES = ["open", "upcoming", "ended", "full"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** The member list's filters: by period, or the ones the member entered. */
export const MEMBER_FILTERS = ["open", "upcoming", "ended", "entered"] as const;

const id = recordId;
export { fileInput, idInput, imageInput };

/** "" = unlimited; otherwise a whole number of entries ("1,000" is a thousand). */
const capacity = z
  .string({ error: required })
  .trim()
  .transform((v) => (v === "" ? null : Number(v.replace(/[,\s]/g, ""))))
  .pipe(
    z
      .number({ error: "campaignCapacity" })
      .int("campaignCapacity")
      .min(1, "campaignCapacity")
      .max(MAX_CAPACITY, "campaignCapacity")
      .nullable(),
  );

/** Text from a textarea: a form sends its line breaks as CRLF; stored as LF. */
function text() {
  return z.string({ error: required }).transform((v) => v.replace(/\r\n?/g, "\n").trim());
}

export const campaignInput = z
  .object({
    title: z.string({ error: required }).trim().min(1, present).max(MAX_TITLE, "tooLong"),
    body: text().pipe(z.string().min(1, present).max(MAX_BODY, "tooLong")),
    conditions: text().pipe(z.string().max(MAX_CONDITIONS, "tooLong")),
    titleEn: englishText(MAX_TITLE),
    bodyEn: englishText(MAX_BODY),
    conditionsEn: englishText(MAX_CONDITIONS),
    ...periodFields,
    capacity,
    active: z.boolean(),
  })
  .superRefine(endAfterStart);
export type CampaignValues = z.output<typeof campaignInput>;

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
