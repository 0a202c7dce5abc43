import * as z from "zod";

/**
 * The zod field helpers the procedures' inputs are built from. Pure, so the browser checks a
 * form with the very schema the procedure will parse. Messages are keys under errors:field.
 */

/** A missing value: errors:field.required, and no further checks on it. */
export const required = { error: "required", abort: true } as const;
/** A required, trimmed text of at most `max` characters. */
export const text = (max: number) =>
  z.string({ error: "required" }).trim().min(1, required).max(max, "tooLong");

/** The largest amount any form takes: far above every limit, below any column's range. */
export const AMOUNT_CEILING = 100_000_000;

/**
 * Yen from a form: "" is missing, "10,000" is ten thousand, anything else must be a whole
 * number of at least 1 (`amountInvalid`). Within that, `limits` say what the form allows, each
 * with the message that names the real limit (a transfer's range from the settings, a
 * withdrawal's available balance), so a refusal never says only "a whole number".
 */
export function amountWithin(
  limits: { min?: number; max?: number; below?: string; above?: string } = {},
) {
  const {
    min = 1,
    max = AMOUNT_CEILING,
    below = "amountInvalid",
    above = "amountTooLarge",
  } = limits;
  return z.preprocess(
    (v) =>
      v === "" || v === null || v === undefined
        ? undefined
        : typeof v === "string"
          ? Number(v.replace(/[,\s]/g, ""))
          : v,
    z
      .number({ error: (issue) => (issue.input === undefined ? "required" : "amountInvalid") })
      .int("amountInvalid")
      .positive("amountInvalid")
      .min(min, below)
      .max(Math.min(max, AMOUNT_CEILING), max < AMOUNT_CEILING ? above : "amountTooLarge"),
  );
}

/** Yen from a form, 1 to AMOUNT_CEILING. */
export const amount = amountWithin();

/**
 * A checkbox: a ticked one is sent as "on", an unticked one not at all (no). A procedure's
 * caller may say true or false.
 */
export const checkbox = z
  .union([z.boolean(), z.literal("on")])
  .optional()
  .transform((v) => v === true || v === "on");

/**
 * A yes/no a list's button sends as "1" (anything else is no). A procedure's caller may say
 * true or false.
 */
export const yesNo = z.union([z.boolean(), z.string()]).transform((v) => v === true || v === "1");

/**
 * A field a form repeats, one value per ticked row, as a list: a form sends a single one as a
 * plain value and none at all when nothing is ticked; a procedure's caller sends the list.
 * Pipe it into the list's own rule (`.pipe(z.array(recordId).min(1, …))`).
 */
export const repeated = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => [v ?? []].flat());

/** A form's one-time key: a double submit or a retry makes one request. */
export const requestKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "requestKeyInvalid");

/** A record's id as db/id.ts makes it (26 characters of Crockford base32, lower case). */
export const ID_PATTERN = /^[0-9a-hjkmnp-tv-z]{26}$/;

/** A record's id in an input: anything else is "not found", never a database error. */
export const recordId = z.string({ error: "required" }).regex(ID_PATTERN, "notFound");
