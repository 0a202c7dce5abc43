import { useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/Alert";

/**
 * The error boundary of a member money page (cashback, withdrawals): the data could not be
 * loaded, so say so and offer a full reload of `reloadTo` rather than the shell's error page.
 */
export function fetchFailedBoundary(reloadTo: string) {
  return function ErrorBoundary() {
    const { t } = useTranslation("wallet");
    useRouteError();
    return (
      <Alert tone="error" testId="fetch-failed">
        <p>{t("history.fetchFailed")}</p>
        <a href={reloadTo} className="mt-2 inline-block underline">
          {t("history.reload")}
        </a>
      </Alert>
    );
  };
}
