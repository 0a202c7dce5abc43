import { z } from "zod";
import { idInput, required } from "../../lib/input";
import { isId } from "../../../db/id";
import { filterChoice, pagingSchema } from "../../lib/paging";
import { tokyoLocalToDb } from "../gachas/schema";

/**
 * Popups: the admin's form and the procedures' inputs. One schema for the form (the route
 * passes the form's strings) and the procedure. Messages are i18n keys under `errors:field`
 * (popup-specific ones under `popup:fieldErrors`).
 */

const present = { error: required, abort: true } as const;

export const MAX_BODY = 4000;
export const POPUP_STATES = ["showing", "scheduled", "ended", "inactive"] as const;
export type PopupState = (typeof POPUP_STATES)[number];

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

/** An absolute http(s) URL, or nothing; javascript:, data: and relative links are refused. */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const linkUrl = z
  .string({ error: required })
  .trim()
  .max(2000, "tooLong")
  .refine((v) => v === "" || isWebUrl(v), "popupLinkUrl")
  .transform((v) => (v === "" ? null : v));

export const popupInput = z
  .object({
    title: z.string({ error: required }).trim().min(1, present).max(100, "tooLong"),
    body: z.string({ error: required }).trim().min(1, present).max(MAX_BODY, "tooLong"),
    linkUrl,
    startsAt: tokyoDateTime,
    endsAt: tokyoDateTime,
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.endsAt <= v.startsAt) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "endBeforeStart" });
    }
  });
export type PopupValues = z.output<typeof popupInput>;

const upload = z.instanceof(Uint8Array).optional();
export const imageInput = z.object({ image: upload, removeImage: z.boolean().optional() });

export const createPopupInput = z.object({ popup: popupInput, image: imageInput });
export const updatePopupInput = z.object({
  id: z.string({ error: required }).refine(isId, "notFound"),
  popup: popupInput,
  image: imageInput,
});
export const setActiveInput = z.object({
  id: z.string({ error: required }).refine(isId, "notFound"),
  active: z.boolean(),
});

export const adminListInput = pagingSchema(["startsAt", "createdAt"], {
  sort: "startsAt",
  dir: "desc",
}).extend({ state: filterChoice(POPUP_STATES) });

export const fileInput = z.object({ file: z.string().max(64) });
