import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Any path no route claims: a 404 inside the normal shell, so navigation stays at hand. */
export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div
      data-testid={notFound ? "not-found" : "route-error"}
      className="rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <p className="text-5xl font-bold text-emerald-600">{notFound ? 404 : 500}</p>
      <h1 className="mt-4 text-xl font-bold">
        {notFound ? t("notFound.title") : t("error.title")}
      </h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        {notFound ? t("notFound.body") : t("error.body")}
      </p>
      <Link to="/" className="mt-6 inline-block text-emerald-700 underline dark:text-emerald-400">
        {t("notFound.home")}
      </Link>
    </div>
  );
}
