import type { LoaderFunctionArgs } from "@remix-run/node";
import { orNotFound } from "#app/lib/not-found.server";
import { imageResponse } from "#app/lib/upload.server";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * Popup images: announcement art, not personal data, so served like gacha images. Only a file
 * a popup currently uses comes out (the procedure checks); anything else is a 404.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ params, context }: LoaderFunctionArgs) => {
    const image = await orNotFound(() => context.trpc.popups.image({ file: params.file ?? "" }));
    return imageResponse(image, "public");
  },
);
