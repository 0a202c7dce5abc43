import { json } from "@remix-run/node";
import { attempt, formValues } from "./forms.server";
import { readForm } from "./refusals.server";

/**
 * The action of an admin list whose rows are approved, or denied with a reason (transfers, EA
 * account requests): one decision per post, answered with its intent for the page's notice.
 * Each procedure refuses a row someone already decided.
 */
export async function approveOrDeny(
  request: Request,
  decide: {
    approve: (id: string) => Promise<unknown>;
    /** `reasonEn`: the reason's English, "" when the admin wrote none. */
    deny: (id: string, reason: string, reasonEn: string) => Promise<unknown>;
  },
) {
  const values = formValues(await readForm(request), ["intent", "id", "reason", "reasonEn"]);
  const intent: "approve" | "deny" | null =
    values.intent === "approve" ? "approve" : values.intent === "deny" ? "deny" : null;
  if (intent === null) throw new Response("Unknown intent", { status: 400 });
  const result = await attempt(values, () =>
    intent === "approve"
      ? decide.approve(values.id)
      : decide.deny(values.id, values.reason, values.reasonEn),
  );
  if (!result.ok) return result.response;
  return json({ ok: true as const, intent });
}
