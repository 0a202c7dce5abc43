import type { LoaderFunctionArgs } from "@remix-run/node";
import { imageResponse } from "#app/lib/upload.server";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * The signed-in member's own profile image. There is no id in the URL: a member can only ever
 * ask for their own, and the file has no public address.
 */
export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  const image = await context.trpc.profile.image();
  if (!image) throw new Response("Not found", { status: 404 });
  return imageResponse(image, "private");
});
