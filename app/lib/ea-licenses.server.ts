import { type ActionFunctionArgs, json } from "@remix-run/node";
import { attempt, formValues } from "./forms.server";
import { requireAdmin } from "./guards.server";
import { readForm } from "./refusals.server";

/**
 * The licence decisions of the admin's licence lists (all licences, one EA's): issue a pending
 * request, reject it with a reason, revoke an active licence with a reason (each reason with its
 * optional English). One per post; each
 * procedure checks the licence is still in the state the decision needs.
 */
export async function licenseDecision({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const values = formValues(await readForm(request), ["intent", "id", "reason", "reasonEn"]);
  switch (values.intent) {
    case "issue": {
      const r = await attempt(values, () => context.trpc.eas.issue({ id: values.id }));
      if (!r.ok) return r.response;
      return json({ ok: true as const, intent: "issue" as const, licenseKey: r.data.licenseKey });
    }
    case "reject": {
      const r = await attempt(values, () =>
        context.trpc.eas.reject({
          id: values.id,
          reason: values.reason,
          reasonEn: values.reasonEn,
        }),
      );
      if (!r.ok) return r.response;
      return json({ ok: true as const, intent: "reject" as const, licenseKey: null });
    }
    case "revoke": {
      const r = await attempt(values, () =>
        context.trpc.eas.revoke({
          id: values.id,
          reason: values.reason,
          reasonEn: values.reasonEn,
        }),
      );
      if (!r.ok) return r.response;
      return json({ ok: true as const, intent: "revoke" as const, licenseKey: null });
    }
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}
