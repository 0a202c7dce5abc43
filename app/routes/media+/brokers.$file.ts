import type { LoaderFunctionArgs } from "@remix-run/node";
import { imageResponse } from "#app/lib/upload.server";
import { answerRefusals } from "#app/lib/refusals.server";

/** Uploaded broker logos and banners: public art, for anyone, cached for a day. */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ params, context }: LoaderFunctionArgs) => {
    try {
      const art = await context.trpc.brokers.art({ file: params.file ?? "" });
      return imageResponse(art, "public");
    } catch (error) {
      if ((error as { code?: string }).code === "NOT_FOUND") {
        throw new Response("Not found", { status: 404 });
      }
      throw error;
    }
  },
);
