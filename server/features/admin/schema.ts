import { z } from "zod";
import { isId } from "../../../db/id";
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
