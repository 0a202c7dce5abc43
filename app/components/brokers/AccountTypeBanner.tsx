import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { actionLink } from "#app/components/ui/link";

/**
 * Tells the member that some of their accounts have no type, so their cashback is priced at the
 * broker's default type, and leads to /users/bank where the type prompt is the first thing.
 * The page's loader passes `brokers.accounts.missingType`; an empty list renders nothing.
 */
export function AccountTypeBanner({
  accounts,
}: {
  accounts: { brokerName: string; accountNumber: string }[];
}) {
  const { t } = useTranslation("accounts");
  if (accounts.length === 0) return null;
  return (
    <section
      aria-labelledby="account-type-banner"
      data-testid="account-type-banner"
      className="rounded-xl border border-amber-200 bg-amber-50 p-4 dark:border-amber-900 dark:bg-amber-950"
    >
      <h2
        id="account-type-banner"
        className="text-sm font-semibold text-amber-900 dark:text-amber-100"
      >
        {t("typeBanner.title", { count: accounts.length })}
      </h2>
      <p className="mt-1 text-sm text-amber-900 dark:text-amber-100">
        {t("typeBanner.body", {
          accounts: accounts.map((a) => `${a.brokerName} ${a.accountNumber}`).join(", "),
        })}
      </p>
      <Link
        to="/users/bank"
        className={`${actionLink} inline-flex min-h-11 items-center text-sm`}
        data-testid="account-type-banner-link"
      >
        {t("typeBanner.action")}
      </Link>
    </section>
  );
}
