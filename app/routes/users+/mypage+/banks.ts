import { type HeadersFunction, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * The payout form's bank and branch pickers ask here: `?q=` searches banks, `?bank=0001&q=`
 * that bank's branches. A few matches per answer: the bank list (5 MB) stays on the server.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    const q = params.get("q") ?? "";
    const bank = params.get("bank");
    const choices =
      bank === null
        ? await context.trpc.profile.banks({ q })
        : await context.trpc.profile.branches({ bankCode: bank, q });
    return json({ choices }, { headers: { "Cache-Control": "private, max-age=3600" } });
  },
);

/**
 * The pickers' answers stay in the browser's cache for an hour: a fetcher's request (single
 * fetch's `.data`) carries only the headers a route's `headers` export passes on.
 */
export const headers: HeadersFunction = ({ loaderHeaders }) =>
  new Headers({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store" });
