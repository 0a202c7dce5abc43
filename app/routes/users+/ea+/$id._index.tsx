import ArrowDownTrayIcon from "@heroicons/react/20/solid/ArrowDownTrayIcon";
import { JapaneseBadge } from "#app/components/JapaneseOnly";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  AccountTypeBadge,
  CategoryBadge,
  LicenseBadge,
  LicenseReason,
} from "#app/components/eas/badges";
import { SelectField, SubmitButton } from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { card, Facts, Section } from "#app/components/ui/card";
import { formatDate, formatDateTime } from "#app/lib/format";
import { submitForm } from "#app/lib/forms.server";
import { orNotFound } from "#app/lib/not-found.server";
import { buttonClass } from "#app/components/ui/button";
import { textLink } from "#app/components/ui/link";
import { BackLink } from "#app/components/BackLink";
import { RowList } from "#app/components/RowList";
import { answerRefusals } from "#app/lib/refusals.server";
import { licenseRequestForm } from "./ea.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.named("ea.name"), i18n: ["ea", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ context, params }: LoaderFunctionArgs) => {
    const ea = await orNotFound(() => context.trpc.eas.get({ id: params.id ?? "" }));
    return json({ ea });
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: ActionFunctionArgs) => {
    const eaId = params.id ?? "";
    // The EA is the page's; the form names the account.
    const result = await submitForm(request, licenseRequestForm, ({ accountId }) =>
      context.trpc.eas.requestLicense({ eaId, accountId }),
    );
    if (!result.ok) return result.response;
    return redirect(`/users/ea/${eaId}?requested=1`);
  },
);

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * /users/ea/{id}: the EA, its current version, the member's licences for it, the download
 * (only with an active licence) and the licence request for an approved account of its type.
 */
export default function EaDetails() {
  const { t } = useTranslation(["ea", "errors"]);
  const { ea } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const [params] = useSearchParams();
  const error = failure && !failure.ok ? failure.error : null;
  const accountKey = error?.fieldErrors.accountId;
  const accountError = accountKey
    ? t(`errors:field.${accountKey}`, { field: t("request.account") })
    : null;
  return (
    <div className="max-w-4xl space-y-5">
      <BackLink to="/users/ea">{t("back")}</BackLink>
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <CategoryBadge category={ea.category} />
          <AccountTypeBadge type={ea.accountType} />
        </div>
        {/* The badge beside the heading, not in it: the heading is the EA's name alone. */}
        <div className="flex flex-wrap items-center gap-2">
          <h1
            className="text-2xl font-bold"
            data-testid="ea-name"
            lang={ea.japanese.name ? "ja" : undefined}
          >
            {ea.name}
          </h1>
          {ea.japanese.name && <JapaneseBadge />}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t("byDeveloper", { developer: ea.developer })} · {t("createdAt")}{" "}
          {formatDate(ea.createdAt)} · {t("updatedAt")} {formatDate(ea.updatedAt)}
        </p>
      </div>
      {params.get("requested") && (
        <Alert tone="success" testId="license-requested">
          {t("request.done")}
        </Alert>
      )}
      {ea.description && (
        <p className={`${card} whitespace-pre-line p-4 text-sm leading-relaxed`}>
          {ea.description}
          {ea.japanese.description && !ea.japanese.name && (
            <JapaneseBadge className="ml-2 align-middle" />
          )}
        </p>
      )}

      <Section title={t("file.title")} testId="ea-file">
        {ea.file ? (
          <Facts
            items={[
              { label: t("version"), value: <span className="font-mono">{ea.file.version}</span> },
              { label: t("file.name"), value: ea.file.fileName },
              { label: t("size"), value: formatSize(ea.file.size) },
              { label: t("file.uploadedAt"), value: formatDateTime(ea.file.uploadedAt) },
              {
                label: t("file.sha256"),
                value: <span className="font-mono text-xs">{ea.file.sha256}</span>,
              },
            ]}
          />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("file.none")}</p>
        )}
        {ea.canDownload ? (
          <a
            href={`/users/ea/${ea.id}/download`}
            download
            data-testid="ea-download"
            className={buttonClass()}
          >
            <ArrowDownTrayIcon className="h-4 w-4" aria-hidden="true" />
            {t("download")}
          </a>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="download-locked">
            {t("file.needsLicense")}
          </p>
        )}
      </Section>

      <Section title={t("request.mine")} testId="my-ea-licenses">
        <RowList
          rows={ea.licenses}
          empty={t("request.noneYet")}
          rowClassName="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm"
          rowTestId="ea-license"
        >
          {(l) => (
            <>
              <span className="whitespace-nowrap">
                {l.account.brokerName} <span className="font-mono">{l.account.accountNumber}</span>
              </span>
              <LicenseBadge status={l.status} />
              {l.licenseKey && (
                <span className="font-mono text-xs" data-testid="license-key">
                  {l.licenseKey}
                </span>
              )}
              {l.reason && (
                <span
                  className="text-xs text-slate-600 dark:text-slate-300"
                  data-testid="license-reason"
                >
                  <LicenseReason reason={l.reason} lang={l.reasonLang} />
                </span>
              )}
            </>
          )}
        </RowList>
      </Section>

      <Section title={t("request.title")} testId="license-request">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t(ea.accountType === "ea_dedicated" ? "request.leadDedicated" : "request.leadRegular")}
        </p>
        <FormErrorAlert error={error} />
        {ea.eligibleAccounts.length === 0 ? (
          <div className="space-y-2 text-sm" data-testid="no-eligible-accounts">
            <p>
              {t(ea.accountType === "ea_dedicated" ? "request.noDedicated" : "request.noRegular")}
            </p>
            {ea.otherTypeAccounts > 0 && (
              <p className="text-slate-600 dark:text-slate-300">
                {t("request.otherType", { count: ea.otherTypeAccounts })}
              </p>
            )}
            <Link to="/users/bank" className={`${textLink} inline-block`}>
              {t("request.toAccounts")}
            </Link>
          </div>
        ) : (
          <Form method="post" className="space-y-3" noValidate>
            <SelectField
              name="accountId"
              label={t("request.account")}
              defaultValue=""
              error={accountError}
              data-testid="license-account"
            >
              <option value="">{t("request.choose")}</option>
              {ea.eligibleAccounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.brokerName} {a.accountNumber}
                </option>
              ))}
            </SelectField>
            <SubmitButton>{t("request.submit")}</SubmitButton>
          </Form>
        )}
      </Section>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
