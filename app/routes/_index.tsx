import { Link, useRouteLoaderData } from "@remix-run/react";
import { BanknotesIcon, ArrowUpTrayIcon, UserGroupIcon } from "@heroicons/react/24/outline";
import { useTranslation } from "react-i18next";
import type { loader as rootLoader } from "~/root";

const FEATURES = [
  { icon: BanknotesIcon, title: "home.featureCashbackTitle", body: "home.featureCashbackBody" },
  { icon: ArrowUpTrayIcon, title: "home.featureWithdrawTitle", body: "home.featureWithdrawBody" },
  { icon: UserGroupIcon, title: "home.featureAffiliateTitle", body: "home.featureAffiliateBody" },
];

export default function Home() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const user = root?.viewer.user ?? null;
  return (
    <div className="space-y-8">
      <section className="rounded-2xl bg-gradient-to-br from-emerald-600 to-teal-700 px-6 py-10 text-white shadow-sm sm:px-10">
        {user && (
          <p className="mb-2 text-sm font-medium text-emerald-100" data-testid="welcome">
            {t("home.welcomeBack", { nickname: user.nickname })}
          </p>
        )}
        <h1 className="text-2xl font-bold leading-snug sm:text-3xl">{t("home.title")}</h1>
        <p className="mt-4 max-w-2xl text-sm leading-relaxed text-emerald-50 sm:text-base">
          {t("home.lead")}
        </p>
        {!user && (
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to="/register"
              className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-emerald-700 shadow-sm hover:bg-emerald-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
            >
              {t("home.ctaRegister")}
            </Link>
            <Link
              to="/login"
              className="rounded-md border border-white/70 px-4 py-2 text-sm font-semibold text-white hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
            >
              {t("home.ctaLogin")}
            </Link>
          </div>
        )}
      </section>
      <section className="grid gap-4 sm:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, body }) => (
          <div
            key={title}
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <Icon className="h-7 w-7 text-emerald-600" aria-hidden="true" />
            <h2 className="mt-3 font-semibold">{t(title)}</h2>
            <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">
              {t(body)}
            </p>
          </div>
        ))}
      </section>
    </div>
  );
}
