import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { RouteError } from "#app/components/RouteError";
import { requireVisitor } from "#app/lib/guards.server";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * The sign-in pages (/login, /login/mfa, /register): for visitors only, so this one guard sends
 * someone already signed in to their home; a page that fails shows its error in the shell.
 */
export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  await requireVisitor(context);
  return null;
});

export default function AuthPages() {
  return <Outlet />;
}

export const ErrorBoundary = RouteError;

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
