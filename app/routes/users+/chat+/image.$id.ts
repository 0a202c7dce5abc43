import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireMember } from "#app/lib/guards.server";
import { imageResponse } from "#app/lib/upload.server";
import { answerRefusals } from "#app/lib/refusals.server";

/** An image attached to a message of the signed-in member's own thread. */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: LoaderFunctionArgs) => {
    await requireMember(request, context);
    const image = await context.trpc.chat.image({ messageId: params.id ?? "" }).catch(() => null);
    if (!image) throw new Response("Not found", { status: 404 });
    return imageResponse(image, "private");
  },
);
