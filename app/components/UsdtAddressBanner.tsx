import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { actionLink } from "#app/components/ui/link";

/**
 * Asks the member to replace a USDT address saved for the network payouts used before the
 * admin switched: the address is kept but no withdrawal goes to it. The page's
 * loader passes `wallet.usdtAddressNotice`; null renders nothing.
 */
export function UsdtAddressBanner({
  notice,
}: {
  notice: { network: string; addressNetwork: string } | null;
}) {
  const { t } = useTranslation("common");
  if (!notice) return null;
  return (
    <section
      aria-labelledby="usdt-address-banner"
      data-testid="usdt-address-banner"
      className="rounded-xl border border-amber-200 bg-amber-50 p-4 dark:border-amber-900 dark:bg-amber-950"
    >
      <h2
        id="usdt-address-banner"
        className="text-sm font-semibold text-amber-900 dark:text-amber-100"
      >
        {t("usdtBanner.title", notice)}
      </h2>
      <p className="mt-1 text-sm text-amber-900 dark:text-amber-100">
        {t("usdtBanner.body", notice)}
      </p>
      <Link to="/users/mypage#payment" className={`${actionLink} text-sm`}>
        {t("usdtBanner.action")}
      </Link>
    </section>
  );
}
