import { json } from "@remix-run/node";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * The portal's empty page for the page benchmark (npm run bench:pages): the same server, root
 * loader and document as every other page, with no data of its own, so the benchmark shows
 * what the shell alone costs next to the minimal Remix page (bench/minimal). Only a build made
 * with PORTAL_BENCH_BUILD=1 has it (remix.config.js): the production build has no such route.
 */
export const loader = /* @__PURE__ */ answerRefusals(async () => {
  return json({ ok: true });
});

export default function BenchBare() {
  return <main id="bench-bare" />;
}
