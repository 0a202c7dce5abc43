import { navIconSprite } from "#app/components/shell/nav-icons.server";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * The navigation's icons as one SVG of symbols (NavIcon uses them). Its URL carries the build
 * version (navIconsUrl), so it is cached for good and a deploy brings a new one.
 */
export const loader = /* @__PURE__ */ answerRefusals(() => {
  return new Response(navIconSprite(), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
});
