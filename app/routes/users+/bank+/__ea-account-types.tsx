import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { MemberAccountRequest } from "#server/features/eas/account-requests";
import { AccountStatusBadge } from "#app/components/AccountStatus";
import { AccountTypeBadge } from "#app/components/eas/badges";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Button } from "#app/components/ui/button";
import { Section } from "#app/components/ui/card";
import type { FormErrorShape } from "#app/components/ui/form";
import { formatDate } from "#app/lib/format";

export interface EaAccountRow {
  id: string;
  brokerName: string;
  accountNumber: string;
  accountType: "ea_dedicated" | "regular";
  request: MemberAccountRequest | null;
  canRequest: boolean;
}

/**
 * /users/bank, "EA-dedicated account": each approved account's EA type, its newest request
 * (pending, approved, or denied with the admin's reason) and, for a regular account without an
 * open request, the button that asks for the EA-dedicated type. A card per account, so nothing
 * scrolls sideways on a phone.
 */
export function EaAccountTypes({
  accounts,
  requested,
  error,
}: {
  accounts: readonly EaAccountRow[];
  /** The account just requested ("XM 123456"), for the confirmation. */
  requested: string | null;
  error: FormErrorShape | null;
}) {
  const { t } = useTranslation("accounts");
  const navigation = useNavigation();
  return (
    <Section title={t("eaType.title")} testId="ea-account-types">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("eaType.lead")}</p>
      {requested && (
        <Alert tone="success" testId="ea-requested">
          {t("eaType.requested", { account: requested })}
        </Alert>
      )}
      <FormErrorAlert error={error} />
      {accounts.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="ea-types-empty">
          {t("eaType.empty")}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-700">
          {accounts.map((a) => {
            const label = `${a.brokerName} ${a.accountNumber}`;
            return (
              <li
                key={a.id}
                data-testid="ea-type-row"
                data-account={a.accountNumber}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="space-y-1">
                  <p className="font-medium text-slate-900 dark:text-white">
                    {a.brokerName} <span className="font-mono">{a.accountNumber}</span>
                  </p>
                  <AccountTypeBadge type={a.accountType} />
                  {a.request && (
                    <div className="text-xs text-slate-600 dark:text-slate-300">
                      <p>{t("eaType.requestOf", { date: formatDate(a.request.createdAt) })}</p>
                      <AccountStatusBadge
                        status={a.request.status}
                        reason={a.request.reason}
                        reasonLang={a.request.reasonLang}
                      />
                    </div>
                  )}
                </div>
                {a.canRequest && (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="eaRequest" />
                    <input type="hidden" name="accountId" value={a.id} />
                    <Button
                      type="submit"
                      variant="secondary"
                      block
                      disabled={navigation.state === "submitting"}
                      data-testid="ea-request"
                      aria-label={t("eaType.requestOne", { account: label })}
                    >
                      {t("eaType.request")}
                    </Button>
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
