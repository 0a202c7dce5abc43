import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "#app/lib/guards.server";
import { imageResponse } from "#app/lib/upload.server";
import { answerRefusals } from "#app/lib/refusals.server";

/** An image attached to a message of a member's support thread, for admins. */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: LoaderFunctionArgs) => {
    await requireAdmin(request, context);
    const image = await context.trpc.chat.admin
      .image({ memberId: params.id ?? "", messageId: params.messageId ?? "" })
      .catch(() => null);
    if (!image) throw new Response("Not found", { status: 404 });
    return imageResponse(image, "private");
  },
);
