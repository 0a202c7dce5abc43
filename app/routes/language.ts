import { type ActionFunctionArgs, json, redirect } from "@remix-run/node";
import { submitForm } from "#app/lib/forms.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { setLanguageInput } from "#domain/language-choice";

/**
 * The language selector posts here (a fetcher, so the page stays): a signed-in person's choice
 * is kept on their account for mail and LINE messages. The browser has already stored it
 * (localStorage and the cookie); Remix re-runs the page's loaders after this action, which
 * renders the page in the new language.
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const saved = await submitForm(request, setLanguageInput, (input) =>
      context.trpc.profile.setLanguage(input),
    );
    if (!saved.ok) return saved.response;
    return json({ ok: true as const, language: saved.data.language });
  },
);

export const loader = /* @__PURE__ */ answerRefusals(async () => {
  return redirect("/");
});
