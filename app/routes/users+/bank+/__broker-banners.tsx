import ArrowTopRightOnSquareIcon from "@heroicons/react/20/solid/ArrowTopRightOnSquareIcon";
import { Link } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { RateLines, ScheduleLine } from "#app/components/brokers/rates";
import { focusRing } from "#app/components/shell/styles";
import { Section } from "#app/components/ui/card";
import { actionLink } from "#app/components/ui/link";
import type { loader } from "./route";

type PageData = SerializeFrom<typeof loader>;
type Terms = PageData["rateCard"]["brokers"][number];

/** A broker's rates and crediting schedule under its banner (the same as on /brokers). */
function BrokerTerms({ terms }: { terms: Terms | undefined }) {
  if (!terms) return null;
  return (
    <div
      className="space-y-1 border-t border-slate-100 px-3 py-2 dark:border-slate-700"
      data-testid="bank-rates"
    >
      <RateLines rates={terms.rates} />
      <ScheduleLine schedule={terms.schedule} nextCrediting={terms.nextCrediting} />
    </div>
  );
}

/** The brokers' banners, each opening its sign-up page, with the broker's rates under it. */
export function BrokerBanners({
  brokers,
  termsOf,
}: {
  brokers: PageData["brokers"];
  termsOf: Map<string, Terms>;
}) {
  const { t } = useTranslation(["accounts", "brokers"]);
  return (
    <Section title={t("banners.title")} testId="broker-banners">
      <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3">
        {brokers.map((b) => (
          <li
            key={b.id}
            className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-800"
          >
            <a
              href={b.signupUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="broker-banner"
              className={`group flex flex-col transition hover:bg-slate-50 dark:hover:bg-slate-700/50 ${focusRing}`}
            >
              {b.bannerPath ? (
                <img
                  src={b.bannerPath}
                  alt=""
                  width={600}
                  height={200}
                  loading="lazy"
                  className="aspect-[3/1] w-full object-cover"
                />
              ) : (
                <div className="flex aspect-[3/1] w-full items-center justify-center bg-slate-100 dark:bg-slate-700">
                  {b.logoPath && (
                    <img src={b.logoPath} alt="" width={160} height={48} className="h-10 w-auto" />
                  )}
                </div>
              )}
              <div className="flex flex-1 flex-col gap-0.5 px-3 py-2">
                <span className="font-medium text-slate-900 dark:text-white">{b.name}</span>
                <span className="flex items-center gap-1 text-sm text-emerald-700 group-hover:underline dark:text-emerald-400">
                  {t("banners.open")}
                  <ArrowTopRightOnSquareIcon className="h-4 w-4 shrink-0" aria-hidden="true" />
                  <span className="sr-only">{t("banners.newTab")}</span>
                </span>
                {b.autoRebate && (
                  <span className="text-xs text-sky-700 dark:text-sky-300">
                    {t("banners.autoRebate")}
                  </span>
                )}
              </div>
            </a>
            <BrokerTerms terms={termsOf.get(b.id)} />
          </li>
        ))}
      </ul>
      <Link to="/brokers" className={`${actionLink} text-sm`} data-testid="all-rates-link">
        {t("brokers:allRates")}
      </Link>
    </Section>
  );
}
