import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "#app/lib/guards.server";
import { imageResponse } from "#app/lib/upload.server";
import { answerRefusals } from "#app/lib/refusals.server";

/** A member's profile image, for admins only (the customer page). */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: LoaderFunctionArgs) => {
    await requireAdmin(request, context);
    let image;
    try {
      image = await context.trpc.admin.customers.image({ id: params.id ?? "" });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "NOT_FOUND" || code === "BAD_REQUEST")
        throw new Response("Not found", { status: 404 });
      throw error;
    }
    if (!image) throw new Response("Not found", { status: 404 });
    return imageResponse(image, "private");
  },
);
