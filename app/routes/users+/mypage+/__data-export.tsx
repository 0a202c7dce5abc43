import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Section } from "#app/components/ui/card";
import { actionLink } from "#app/components/ui/link";
import { formatDateTime } from "#app/lib/format";
import type { Loaded, Result } from "./route";

/**
 * "Download my data" (開示): the member asks, the worker prepares a ZIP and mails a link; the
 * section shows the latest request's state and, while it is valid, the download.
 */
export function DataExportSection({
  dataExport,
  result,
}: {
  dataExport: Loaded["dataExport"];
  result: Result;
}) {
  const { t } = useTranslation("profile");
  const latest = dataExport.latest;
  const waiting = latest?.status === "requested";
  return (
    <Section title={t("dataExport.title")} testId="data-export-section">
      <span id="data-export" className="sr-only" />
      <p className="text-sm">{t("dataExport.intro", { hours: dataExport.validHours })}</p>
      {result.ok && (
        <Alert tone="success" testId="data-export-requested">
          {t("dataExport.requested")}
        </Alert>
      )}
      <FormErrorAlert error={result.error} />
      {latest?.status === "requested" && !result.ok && (
        <p className="text-sm" data-testid="data-export-status">
          {t("dataExport.preparing", { at: formatDateTime(latest.requestedAt) })}
        </p>
      )}
      {latest?.status === "ready" && (
        <div className="space-y-2" data-testid="data-export-status">
          <p className="text-sm">
            {t("dataExport.ready", { until: formatDateTime(latest.expiresAt) })}
          </p>
          <a
            href={`/users/data-export/${latest.id}`}
            className={actionLink}
            data-testid="data-export-download"
            download
          >
            {t("dataExport.download")}
          </a>
        </div>
      )}
      {latest?.status === "expired" && (
        <p className="text-sm" data-testid="data-export-status">
          {t("dataExport.expired")}
        </p>
      )}
      {!waiting && (
        <Form method="post" data-testid="data-export-form">
          <input type="hidden" name="intent" value="dataExport" />
          <SubmitButton>{t("dataExport.request")}</SubmitButton>
        </Form>
      )}
    </Section>
  );
}
