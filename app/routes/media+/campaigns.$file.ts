import type { LoaderFunctionArgs } from "@remix-run/node";
import { imageResponse } from "#app/lib/upload.server";
import { orNotFound } from "#app/lib/not-found.server";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * Campaign images: art, not personal data, so served publicly like gacha images. Only a file
 * a campaign currently shows comes out (the procedure checks); anything else is a 404.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ params, context }: LoaderFunctionArgs) => {
    const image = await orNotFound(() => context.trpc.campaigns.image({ file: params.file ?? "" }));
    return imageResponse(image, "public");
  },
);
