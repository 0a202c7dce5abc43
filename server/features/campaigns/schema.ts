import { z } from "zod";
import { idInput, recordId, required } from "../../lib/input";
import { filterChoice, filterText, pagingSchema } from "../../lib/paging";
import { tokyoLocalToDb } from "../gachas/schema";

/**
 * Campaigns: the admin's form and the list inputs. The form passes its strings; this schema
 * checks and converts them (Tokyo date-times to stored UTC, capacity "" to unlimited).
 * Messages are i18n keys under `errors:field`.
 */

const present = { error: required, abort: true } as const;

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
export { idInput };

const tokyoDateTime = z
  .string({ error: required })
  .trim()
  .min(1, present)
  .transform((v, ctx) => {
    const db = tokyoLocalToDb(v);
    if (!db) {
      ctx.addIssue({ code: "custom", message: "dateTimeInvalid" });
      return z.NEVER;
    }
    return db;
  });

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
    startsAt: tokyoDateTime,
    endsAt: tokyoDateTime,
    capacity,
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.endsAt <= v.startsAt) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "endBeforeStart" });
    }
  });
export type CampaignValues = z.output<typeof campaignInput>;

const upload = z.instanceof(Uint8Array).optional();
export const imageInput = z.object({ image: upload, removeImage: z.boolean().optional() });

export const createCampaignInput = z.object({ campaign: campaignInput, image: imageInput });
export const updateCampaignInput = z.object({ id, campaign: campaignInput, image: imageInput });

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

export const fileInput = z.object({ file: z.string().max(64) });
