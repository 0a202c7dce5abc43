import type { LoaderFunctionArgs } from "@remix-run/node";
import { eaFileResponse } from "#app/lib/ea-download.server";
import { requireMember } from "#app/lib/guards.server";
import { isNotFound } from "#app/lib/not-found.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { isRoleRefusal } from "#domain/redirect";

/**
 * The EA's current file, only for a member with an active licence for it on one of their own
 * approved accounts (the procedure checks). There is no other address for the file.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: LoaderFunctionArgs) => {
    await requireMember(request, context);
    try {
      return eaFileResponse(await context.trpc.eas.download({ id: params.id ?? "" }));
    } catch (error) {
      // "Agree to the terms first" is the area's redirect, not a missing licence.
      if (isRoleRefusal(error)) throw error;
      if (isNotFound(error)) throw new Response("Not found", { status: 404 });
      if ((error as { code?: string }).code === "FORBIDDEN")
        throw new Response("A licence is required", { status: 403 });
      throw error;
    }
  },
);
