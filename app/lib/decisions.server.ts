import { json } from "@remix-run/node";
import { approveOrDenyForm } from "#domain/decision";
import { attempt, parseForm } from "./forms.server";

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
  const parsed = await parseForm(request, approveOrDenyForm);
  if (!parsed.ok) return parsed.response;
  const { input } = parsed;
  const result = await attempt(parsed.values, () =>
    input.intent === "approve"
      ? decide.approve(input.id)
      : decide.deny(input.id, input.reason, input.reasonEn ?? ""),
  );
  if (!result.ok) return result.response;
  return json({ ok: true as const, intent: input.intent });
}
