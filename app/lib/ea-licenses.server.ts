import { type ActionFunctionArgs, json } from "@remix-run/node";
import { licenseDecisionForm } from "#domain/decision";
import { attempt, parseForm } from "./forms.server";
import { requireAdmin } from "./guards.server";

/**
 * The licence decisions of the admin's licence lists (all licences, one EA's): issue a pending
 * request, reject it with a reason, revoke an active licence with a reason (each reason with its
 * optional English). One per post; each
 * procedure checks the licence is still in the state the decision needs.
 */
export async function licenseDecision({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const parsed = await parseForm(request, licenseDecisionForm);
  if (!parsed.ok) return parsed.response;
  const { input, values } = parsed;
  switch (input.intent) {
    case "issue": {
      const r = await attempt(values, () => context.trpc.eas.issue({ id: input.id }));
      if (!r.ok) return r.response;
      return json({ ok: true as const, intent: "issue" as const, licenseKey: r.data.licenseKey });
    }
    case "reject": {
      const { intent: _, ...decision } = input;
      const r = await attempt(values, () => context.trpc.eas.reject(decision));
      if (!r.ok) return r.response;
      return json({ ok: true as const, intent: "reject" as const, licenseKey: null });
    }
    case "revoke": {
      const { intent: _, ...decision } = input;
      const r = await attempt(values, () => context.trpc.eas.revoke(decision));
      if (!r.ok) return r.response;
      return json({ ok: true as const, intent: "revoke" as const, licenseKey: null });
    }
  }
}
