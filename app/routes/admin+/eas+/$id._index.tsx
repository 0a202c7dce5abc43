import ArrowDownTrayIcon from "@heroicons/react/20/solid/ArrowDownTrayIcon";
import { type ActionFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Stamp } from "#app/components/cells";
import { EaForm, EMPTY_EA, VersionFields } from "#app/components/eas/EaForm";
import { SubmitButton } from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Section } from "#app/components/ui/card";
import { DataTable } from "#app/components/table/DataTable";
import { listWithSaved, parseForm, saveRecord } from "#app/lib/forms.server";
import { EA_UPLOAD, eaFile, editEaForm } from "./ea-form.server";
import type { loader as eaLoader } from "./$id";
import { textLink } from "#app/components/ui/link";
import { answerRefusals } from "#app/lib/refusals.server";

export const handle = { i18n: ["ea", "errors"] };

/**
 * Two forms post here: the EA's details, or a new version of its file. A refusal names which
 * form it answers, so the other form stays as it was.
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: ActionFunctionArgs) => {
    const id = params.id ?? "";
    return saveRecord(
      parseForm(request, editEaForm, { files: EA_UPLOAD }),
      async ({ input, form }) =>
        input.intent === "version"
          ? context.trpc.eas.uploadVersion({ id, file: await eaFile(form, input.version) })
          : context.trpc.eas.update({ id, ea: input }),
      ({ value }) =>
        value.intent === "version"
          ? `/admin/eas/${id}?${new URLSearchParams({ uploaded: value.version })}`
          : listWithSaved("/admin/eas", value.name),
    );
  },
);

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** /admin/eas/{id}: edit the EA; its versions, each downloadable; upload a new version. */
export default function EditEa() {
  const { t } = useTranslation("ea");
  const data = useRouteLoaderData<typeof eaLoader>("routes/admin+/eas+/$id");
  const failure = useActionData<typeof action>();
  const [params] = useSearchParams();
  if (!data) return null;
  const ea = data.ea;
  // The details form names itself; a file too large to read at all is the upload form's refusal.
  const refused = failure && !failure.ok ? failure : null;
  const detailsFailure = refused?.values.intent === "details" ? refused : null;
  const versionFailure = refused && !detailsFailure ? refused : null;
  const uploaded = params.get("uploaded");
  return (
    <div className="max-w-4xl space-y-6">
      <EaForm
        key={JSON.stringify(detailsFailure?.values ?? null)}
        withFile={false}
        typeLocked={ea.liveLicenses > 0}
        initial={
          detailsFailure
            ? {
                ...EMPTY_EA,
                ...detailsFailure.values,
                active: detailsFailure.values.active === "on",
              }
            : {
                name: ea.name,
                developer: ea.developer,
                description: ea.description,
                nameEn: ea.nameEn,
                descriptionEn: ea.descriptionEn,
                category: ea.category,
                accountType: ea.accountType,
                active: ea.active,
              }
        }
        error={detailsFailure?.error ?? null}
        submitLabel={t("admin.update")}
      />

      <Section title={t("admin.versions")} testId="ea-versions">
        {uploaded && (
          <Alert tone="success" testId="version-uploaded">
            {t("admin.uploaded", { version: uploaded })}
          </Alert>
        )}
        <DataTable
          label={t("admin.versions")}
          hidePaging
          page={{
            rows: ea.versions,
            total: ea.versions.length,
            page: 1,
            size: 100,
            sort: "",
            dir: "asc",
          }}
          columns={[
            {
              key: "version",
              header: t("version"),
              cell: (v) => <span className="font-mono">{v.version}</span>,
            },
            {
              key: "file",
              header: t("admin.fields.file"),
              className: "break-all",
              cell: (v) => v.fileName,
            },
            {
              key: "size",
              header: t("size"),
              align: "right",
              nowrap: true,
              cell: (v) => formatSize(v.size),
            },
            {
              key: "sha",
              header: "SHA-256",
              cell: (v) => (
                <span className="block max-w-[10rem] truncate font-mono text-xs" title={v.sha256}>
                  {v.sha256}
                </span>
              ),
            },
            { key: "at", header: t("admin.uploadedAt"), cell: (v) => <Stamp utc={v.uploadedAt} /> },
            {
              key: "download",
              header: <span className="sr-only">{t("download")}</span>,
              cell: (v) => (
                <a
                  href={`/admin/eas/${ea.id}/download?file=${v.id}`}
                  download
                  aria-label={t("admin.downloadVersion", { version: v.version })}
                  className={`${textLink} inline-flex items-center gap-1 text-sm`}
                >
                  <ArrowDownTrayIcon className="h-4 w-4" aria-hidden="true" />
                  {t("download")}
                </a>
              ),
            },
          ]}
        />
        <Form
          method="post"
          encType="multipart/form-data"
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          data-testid="version-form"
        >
          <input type="hidden" name="intent" value="version" />
          <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-300">
            {t("admin.newVersionLead")}
          </p>
          {versionFailure?.error.key && (
            <div className="sm:col-span-2">
              <FormErrorAlert error={versionFailure.error} />
            </div>
          )}
          <VersionFields
            version={versionFailure?.values.version ?? ""}
            error={versionFailure?.error ?? null}
          />
          <div className="sm:col-span-2">
            <SubmitButton>{t("admin.upload")}</SubmitButton>
          </div>
        </Form>
      </Section>
    </div>
  );
}
