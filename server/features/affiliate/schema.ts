import { bannerIdInput, bannerInput } from "../../domain/affiliate";
import { z } from "zod";
import { filterText, pagingSchema } from "../../lib/paging";

import { AFFILIATE_PRESETS, type AffiliatePreset } from "../../domain/affiliate-periods";

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

/** The uploaded file's bytes (checked and stripped by the storage's image rules). */
const bannerImage = { image: z.instanceof(Uint8Array).optional() };

export const createBannerInput = bannerInput.extend(bannerImage);
export const updateBannerInput = bannerInput.extend({ ...bannerIdInput.shape, ...bannerImage });
