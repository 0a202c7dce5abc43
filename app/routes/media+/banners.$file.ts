import type { LoaderFunctionArgs } from "@remix-run/node";
import { orNotFound } from "#app/lib/not-found.server";
import { imageResponse } from "#app/lib/upload.server";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * Affiliate banner images: public art (members put them on their own sites). Only a file some
 * banner row holds, active or not, comes out; anything else is a 404. A key is random and its
 * bytes never change (a new image gets a new key), so browsers and CDNs may keep it for a year.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ params, context }: LoaderFunctionArgs) => {
    const image = await orNotFound(() =>
      context.trpc.affiliate.bannerImage({ file: params.file ?? "" }),
    );
    const response = imageResponse(image, "public");
    response.headers.set("Cache-Control", "public, max-age=31536000, immutable");
    return response;
  },
);
