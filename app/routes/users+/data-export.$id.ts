import type { LoaderFunctionArgs } from "@remix-run/node";
import { privateDownload } from "#app/lib/download.server";
import { requireMember } from "#app/lib/guards.server";
import { isNotFound } from "#app/lib/not-found.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { isRoleRefusal } from "#domain/redirect";

/**
 * The member's copy of their data (the link of the "ready" mail): only to that member, signed
 * in, for 24 hours; another member's id, an unready or a lapsed one is not found.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: LoaderFunctionArgs) => {
    await requireMember(request, context);
    try {
      const file = await context.trpc.profile.downloadDataExport({ id: params.id ?? "" });
      return privateDownload({
        bytes: file.bytes,
        fileName: file.filename,
        contentType: "application/zip",
      });
    } catch (error) {
      // "Agree to the terms first" is the area's redirect, not a missing file.
      if (isRoleRefusal(error)) throw error;
      if (isNotFound(error)) throw new Response("Not found", { status: 404 });
      throw error;
    }
  },
);
