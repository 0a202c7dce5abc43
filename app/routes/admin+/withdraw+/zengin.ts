import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { searchParamsObject } from "#app/components/table/url";
import { toFormError } from "#app/lib/forms.server";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * GET /admin/withdraw/zengin: the Zengin 総合振込 file (Shift_JIS, 120-byte records) for the
 * pending bank withdrawals in the list's filter, up to the newest one the admin's page showed.
 * A download only: nothing changes until the admin marks the withdrawals as sent. When the file
 * cannot be made (requester data missing, a name banks cannot read), the admin goes back to the
 * list, where the Zengin panel names the rows.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const filter = searchParamsObject(request.url);
    try {
      const file = await context.trpc.wallet.zenginFile(filter);
      return new Response(file.bytes, {
        headers: {
          "Content-Type": "text/plain; charset=Shift_JIS",
          "Content-Disposition": `attachment; filename="${file.filename}"`,
          "Cache-Control": "no-store",
        },
      });
    } catch (error) {
      const refusal = toFormError(error);
      if (!refusal?.key) throw error;
      const back = new URLSearchParams(new URL(request.url).search);
      back.set("status", "pending");
      back.set("method", "bank");
      back.set("zengin", refusal.key);
      back.delete("through");
      return redirect(`/admin/withdraw?${back}`);
    }
  },
);
