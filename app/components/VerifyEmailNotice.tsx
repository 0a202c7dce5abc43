import { useFetcher, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import type { FormFailure } from "#app/lib/forms.server";
import type { loader as rootLoader } from "#app/root";
import { buttonClass } from "#app/components/ui/button";

/**
 * Says that the member's email address is not confirmed yet, with a button that mails the
 * link again (the dashboard's action sends it, so every page resends the same way). With
 * `money`, it also says what waits for it: withdrawals, transfers and payout details.
 * Renders nothing once the address is confirmed.
 */
export function VerifyEmailNotice({ money = false }: { money?: boolean }) {
  const { t } = useTranslation("auth");
  const user = useRouteLoaderData<typeof rootLoader>("root")?.viewer.user;
  const fetcher = useFetcher<{ ok: true } | FormFailure>();
  if (!user || user.permission !== "member" || user.emailVerified) return null;
  const result = fetcher.data;
  return (
    <section
      className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4 dark:border-amber-900 dark:bg-amber-950"
      aria-labelledby="verify-email-notice"
      data-testid="verify-pending"
    >
      <p id="verify-email-notice" className="text-sm text-amber-900 dark:text-amber-100">
        {money ? t("notices.verifyForMoney") : t("notices.verifyPending")}
      </p>
      {result?.ok ? (
        <Alert tone="success">{t("notices.verifySent")}</Alert>
      ) : (
        <>
          <FormErrorAlert error={result && !result.ok ? result.error : null} />
          <fetcher.Form method="post" action="/users?index">
            <button
              type="submit"
              disabled={fetcher.state !== "idle"}
              className={buttonClass({ variant: "secondary", block: true })}
            >
              {t("actions.resend")}
            </button>
          </fetcher.Form>
        </>
      )}
    </section>
  );
}
