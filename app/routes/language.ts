import { type ActionFunctionArgs, json, redirect } from "@remix-run/node";
import { attempt, formValues } from "~/lib/forms.server";
import { answerRefusals, readForm } from "~/lib/refusals.server";

/**
 * The language selector posts here (a fetcher, so the page stays): a signed-in person's choice
 * is kept on their account for mail and LINE messages. The browser has already stored it
 * (localStorage and the cookie); Remix re-runs the page's loaders after this action, which
 * renders the page in the new language.
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const values = formValues(await readForm(request), ["language"]);
    const saved = await attempt(values, () =>
      context.trpc.profile.setLanguage({ language: values.language as "ja" | "en" }),
    );
    if (!saved.ok) return saved.response;
    return json({ ok: true as const, language: saved.data.language });
  },
);

export const loader = /* @__PURE__ */ answerRefusals(async () => {
  return redirect("/");
});
