import { displayOrder } from "../../domain/form-fields";
import { z } from "zod";
import { filterText, pagingSchema } from "../../lib/paging";

import { AFFILIATE_PRESETS, type AffiliatePreset } from "../../domain/tokyo";

export type { AffiliatePreset };

export const summaryInput = z.object({
  preset: z.enum(AFFILIATE_PRESETS).catch("28d").default("28d"),
});

export const customersInput = pagingSchema(["registered", "nickname"], {
  sort: "registered",
  dir: "desc",
});

export const adminReferrersInput = pagingSchema(["customers", "rewards", "nickname"], {
  sort: "rewards",
  dir: "desc",
}).extend({ q: filterText() });

export const referrerInput = z.object({ userId: z.string().min(1).max(26) });

export * from "../../domain/affiliate";

// ------------------------------------------------------------------------------- banners

const bannerFields = {
  title: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required", abort: true })
    .max(100, "tooLong"),
  alt: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required", abort: true })
    .max(200, "tooLong"),
  active: z.boolean(),
  displayOrder,
  /** The uploaded file's bytes (checked and stripped by the storage's image rules). */
  image: z.instanceof(Uint8Array).optional(),
};

export const createBannerInput = z.object(bannerFields);
export const updateBannerInput = z.object({ id: z.string().min(1).max(26), ...bannerFields });
export const bannerFileInput = z.object({ file: z.string().max(64) });
