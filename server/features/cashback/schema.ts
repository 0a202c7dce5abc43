import { z } from "zod";
import { filterText, pagingSchema } from "../../lib/paging";
import { periodInput } from "../../lib/period";
import { MAX_REPORT_BYTES } from "../../domain/upload";
import { profileFields } from "../../domain/import-profile";
import { ReceivedFile } from "../../storage/received";

/** Base64 of a report of at most MAX_REPORT_BYTES (base64 is 4/3 the size). */
const MAX_BASE64 = Math.ceil((MAX_REPORT_BYTES * 4) / 3) + 4;

export const previewInput = z
  .object({
    fileName: z.string().trim().min(1, "required").max(255, "tooLong"),
    /** The report as base64: how a client over HTTP sends it. */
    contentBase64: z.string().max(MAX_BASE64, "fileTooLarge").optional(),
    /**
     * The report's bytes as they are: how the upload page's action hands them over in the
     * process, with no 67 MB base64 string of a 50 MB report to make and read back.
     */
    content: z
      .instanceof(Uint8Array)
      .refine((bytes) => bytes.length <= MAX_REPORT_BYTES, "fileTooLarge")
      /**
       * Or the report as the upload page received it, written to the storage's disk as it
       * arrived (a class instance: no client over HTTP can name a path here).
       */
      .or(
        z.instanceof(ReceivedFile).refine((file) => file.size <= MAX_REPORT_BYTES, "fileTooLarge"),
      )
      .optional(),
    usdRate: z
      .string()
      .trim()
      .max(20, "rateInvalid")
      .transform((v) => (v === "" ? undefined : v))
      .optional(),
    /** The import profile chosen; blank: the one whose header the file matches. */
    profileId: z
      .string()
      .trim()
      .max(26)
      .transform((v) => (v === "" ? undefined : v))
      .optional(),
  })
  .refine((input) => (input.content === undefined) !== (input.contentBase64 === undefined), {
    message: "required",
    path: ["content"],
  });

export const batchInput = z.object({ batchId: z.string().min(1).max(64) });

const period = periodInput.catch({ period: "all" });

export const memberHistoryInput = pagingSchema(["tradeDate", "amount"], {
  sort: "tradeDate",
  dir: "desc",
}).and(period);
export type MemberHistoryInput = z.output<typeof memberHistoryInput>;

export const summaryInput = period;

export const monthlyInput = z.object({
  months: z.coerce.number().int().min(1).max(36).catch(12).default(12),
});

export const adminCashbackInput = pagingSchema(["tradeDate", "amount"], {
  sort: "tradeDate",
  dir: "desc",
})
  .extend({ member: filterText(254), broker: filterText(64), account: filterText(32) })
  .and(period);
export type AdminCashbackInput = z.output<typeof adminCashbackInput>;

export const batchesInput = pagingSchema(["createdAt"], { sort: "createdAt", dir: "desc" });
export type BatchesInput = z.output<typeof batchesInput>;

export const batchRowsInput = pagingSchema(["line"], { sort: "line", dir: "asc" }).extend({
  batchId: z.string().min(1).max(64),
  status: z
    .enum(["all", "matched", "unmatched", "duplicate", "error", "credited"])
    .catch("all")
    .default("all"),
});
export type BatchRowsInput = z.output<typeof batchRowsInput>;

// ------------------------------------------------------------------------------- profiles

export const profileIdInput = z.object({ id: z.string().min(1).max(26) });
export const saveProfileInput = profileFields.and(
  z.object({ id: z.string().min(1).max(26).optional() }),
);
/** A profile tried on a sample of its report (a few rows are enough; 2 MB at most). */
export const sampleProfileInput = profileFields.and(
  z.object({
    contentBase64: z
      .string()
      .min(1, "required")
      .max(Math.ceil((2 * 1024 * 1024 * 4) / 3) + 4, "fileTooLarge"),
  }),
);

// ------------------------------------------------------------------------------- margin

/** A Tokyo month, "2026-11"; anything else is dropped (the page's default range is used). */
const monthText = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
  .optional()
  .catch(undefined);

/**
 * The margin report's range and broker, from the page's URL: a bound that is not a month falls
 * back to the default range (the twelve months ending this one), blank means none.
 */
export const marginInput = z.object({
  from: z.preprocess((v) => (v === "" ? undefined : v), monthText),
  to: z.preprocess((v) => (v === "" ? undefined : v), monthText),
  broker: filterText(64),
});
export type MarginInput = z.output<typeof marginInput>;
