import type { LoaderFunctionArgs } from "@remix-run/node";
import { answerRefusals } from "#app/lib/refusals.server";
import { PUBLIC_CACHE } from "#app/lib/public-page.server";
import { conditional } from "#app/lib/conditional.server";

/**
 * /robots.txt: search engines stay out of the member area, the admin area, the API, the
 * sign-in steps and the referral landings (one per member); the sitemap lists the rest.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const { origin } = await context.trpc.pages.site();
    const body = [
      "User-agent: *",
      "Disallow: /users",
      "Disallow: /admin",
      "Disallow: /api",
      "Disallow: /r/",
      "Disallow: /login",
      "Disallow: /register",
      "Allow: /",
      "",
      `Sitemap: ${origin}/sitemap.xml`,
      "",
    ].join("\n");
    return conditional(request, body, {
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_CACHE },
    });
  },
);
