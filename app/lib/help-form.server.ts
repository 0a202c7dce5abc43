import type { HelpCategory } from "../../server/domain/help";
import { readRecordForm } from "./forms.server";

const FIELDS = ["slug", "category", "position", "title", "titleEn", "body", "bodyEn"] as const;

/** The help article form as the procedure's input: its texts and the published flag. */
export async function readHelpForm(request: Request) {
  const form = await readRecordForm(request, { fields: FIELDS, flags: ["published"] });
  if (!form.ok) return form;
  const r = form.record;
  return {
    ...form,
    article: {
      ...r,
      category: r.category as HelpCategory,
    },
  };
}
