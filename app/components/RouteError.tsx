import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { card } from "#app/components/ui/card";
import { textLink } from "#app/components/ui/link";

/**
 * What a page that failed shows inside its area's shell (the area's layout route renders it as
 * its error boundary), so the navigation stays at hand: "not found" for a 404, else a short
 * apology without details.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (isRouteErrorResponse(error) && error.status === 403) return <Forbidden />;
  return (
    <div
      data-testid={notFound ? "not-found" : "route-error"}
      className={`${card} px-6 py-10 text-center sm:px-8`}
    >
      <p
        className="text-5xl font-bold tracking-tight text-emerald-600 dark:text-emerald-400"
        aria-hidden="true"
      >
        {notFound ? 404 : 500}
      </p>
      <h1 className="break-phrase mt-4 text-balance text-xl font-bold">
        {notFound ? t("notFound.title") : t("error.title")}
      </h1>
      <p className="break-phrase mx-auto mt-3 max-w-prose text-balance text-slate-600 dark:text-slate-300">
        {notFound ? t("notFound.body") : t("error.body")}
      </p>
      <Link
        to="/"
        className={`${textLink} mt-6 inline-block font-medium underline-offset-4 hover:text-emerald-800 dark:hover:text-emerald-300`}
      >
        {t("notFound.home")}
      </Link>
    </div>
  );
}

/**
 * A page outside the admin's role (or a refusal of one of its procedures): a clear 403 that
 * says why and leads back to the admin home, inside the admin shell.
 */
function Forbidden() {
  const { t } = useTranslation();
  return (
    <div data-testid="forbidden" className={`${card} px-6 py-10 text-center sm:px-8`}>
      <p
        className="text-5xl font-bold tracking-tight text-emerald-600 dark:text-emerald-400"
        aria-hidden="true"
      >
        403
      </p>
      <h1 className="break-phrase mt-4 text-balance text-xl font-bold">
        {t("forbiddenPage.title")}
      </h1>
      <p className="break-phrase mx-auto mt-3 max-w-prose text-balance text-slate-600 dark:text-slate-300">
        {t("forbiddenPage.body")}
      </p>
      <Link
        to="/admin"
        className={`${textLink} mt-6 inline-flex min-h-11 items-center font-medium underline-offset-4 hover:text-emerald-800 dark:hover:text-emerald-300`}
      >
        {t("forbiddenPage.home")}
      </Link>
    </div>
  );
}
