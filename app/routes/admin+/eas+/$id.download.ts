import type { LoaderFunctionArgs } from "@remix-run/node";
import { eaFileResponse } from "#app/lib/ea-download.server";
import { requireAdmin } from "#app/lib/guards.server";
import { orNotFound } from "#app/lib/not-found.server";
import { answerRefusals } from "#app/lib/refusals.server";

/** Any version of an EA's file, for an admin (?file=<version id>; the newest without it). */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: LoaderFunctionArgs) => {
    await requireAdmin(request, context);
    const fileId = new URL(request.url).searchParams.get("file") ?? undefined;
    const file = await orNotFound(() =>
      context.trpc.eas.adminDownload({ id: params.id ?? "", ...(fileId ? { fileId } : {}) }),
    );
    return eaFileResponse(file);
  },
);
