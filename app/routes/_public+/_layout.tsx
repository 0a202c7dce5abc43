import { Outlet } from "@remix-run/react";
import { RouteError } from "#app/components/RouteError";

/**
 * The pages anyone with a mailed link may open, signed in or not (/forgot-password,
 * /reset-password, /verify-email, /confirm-email-change, /recover-email): no guard, the token in
 * the link decides; a page that fails shows its error in the shell.
 */
export default function PublicPages() {
  return <Outlet />;
}

export const ErrorBoundary = RouteError;
