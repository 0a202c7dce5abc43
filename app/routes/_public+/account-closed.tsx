import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { actionLink } from "#app/components/ui/link";
import { PageTitle } from "#app/components/ui/PageTitle";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("profile:closing.doneTitle"), i18n: ["profile"] };

/** /account-closed: where a member lands once their account is closed (signed out by then). */
export default function AccountClosed() {
  const { t } = useTranslation("profile");
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageTitle>{t("closing.doneTitle")}</PageTitle>
      <div className={`${card} space-y-4 p-5 sm:p-6`}>
        <Alert tone="success" testId="account-closed">
          {t("closing.done")}
        </Alert>
        <Link to="/" className={actionLink}>
          {t("closing.home")}
        </Link>
      </div>
    </div>
  );
}
