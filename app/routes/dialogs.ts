import { type ActionFunctionArgs, json, redirect } from "@remix-run/node";
import { attempt } from "#app/lib/forms.server";
import { answerRefusals, readForm } from "#app/lib/refusals.server";

/**
 * A member's dialogs report what they showed: `intent=goalsShown` with the goal ids (each
 * `id`), or `intent=popupSeen` with the popup's `id`. Posted with a plain fetch from the
 * dialog (app/lib/dialogs.ts), not a Remix form: re-running the page's loaders would close the
 * dialog that is on screen. The procedures take only the signed-in member's own rows.
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const form = await readForm(request);
    const intent = form.get("intent");
    const ids = form.getAll("id").filter((v): v is string => typeof v === "string");
    const values = { intent: typeof intent === "string" ? intent : "" };
    if (intent === "goalsShown") {
      const done = await attempt(values, () => context.trpc.marathon.markShown({ ids }));
      return done.ok ? json({ ok: true as const }) : done.response;
    }
    if (intent === "popupSeen") {
      const done = await attempt(values, () => context.trpc.popups.markSeen({ id: ids[0] ?? "" }));
      return done.ok ? json({ ok: true as const }) : done.response;
    }
    return json({ ok: false as const }, { status: 400 });
  },
);

export const loader = /* @__PURE__ */ answerRefusals(async () => {
  return redirect("/");
});
