import { useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "#app/components/ui/Alert";

/**
 * The error boundary of a member money page (cashback, withdrawals): the data could not be
 * loaded, so say so and offer a full reload of `reloadTo` rather than the shell's error page.
 */
export function fetchFailedBoundary(
  reloadTo: string,
  /** Where the two texts are: the wallet's history keys unless a page has its own. */
  text: { ns: string; message: string; reload: string } = {
    ns: "wallet",
    message: "history.fetchFailed",
    reload: "history.reload",
  },
) {
  return function ErrorBoundary() {
    const { t } = useTranslation(text.ns);
    useRouteError();
    return (
      <Alert tone="error" testId="fetch-failed">
        <p>{t(text.message)}</p>
        <a href={reloadTo} className="mt-2 inline-block underline">
          {t(text.reload)}
        </a>
      </Alert>
    );
  };
}
