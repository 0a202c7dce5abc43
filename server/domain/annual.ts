import * as z from "zod";

/**
 * The annual statement's input, apart from server/domain/statement.ts: the statement page
 * imports that module's group list, and a schema there carried zod (about 73 KB compressed)
 * into the page's JavaScript.
 */

/** The first calendar year an annual statement can be asked for; later than the service ever ran. */
export const FIRST_YEAR = 2000;

/** The annual statement's year (the page's, the CSV's and the PDF's `?year=`). */
export const annualInput = z.object({
  year: z.coerce.number().int().min(FIRST_YEAR).max(9999),
  /** The CSV and the PDF ask with this: a download, which waits for consent (trpc/init.ts). */
  export: z.literal(true).optional(),
});
