import { z } from "zod";
import { isId } from "#db/id";
import { filterText, pagingSchema } from "../../lib/paging";

export const customersInput = pagingSchema(["createdAt", "nickname", "name", "email"], {
  sort: "createdAt",
  dir: "desc",
}).extend({
  /** Part of a name, nickname or email; a whole uid; the start of an account number. */
  q: filterText(100),
});

export const customerIdInput = z.object({
  id: z.string({ error: "notFound" }).refine(isId, "notFound"),
});

/** A page of the member's audit entries: after the last row of the previous page. */
export const memberEventsInput = customerIdInput.extend({
  after: z.string().max(100).optional().catch(undefined),
});
