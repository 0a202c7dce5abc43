import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { BatchStatusBadge } from "#app/components/cashback/badges";
import { dateColumn } from "#app/components/admin/cells";
import {
  Field,
  type FormErrorShape,
  RadioCards,
  SelectField,
  SubmitButton,
} from "#app/components/ui/form";
import { FormErrorAlert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { DataTable } from "#app/components/table/DataTable";
import { searchParamsObject } from "#app/components/table/url";
import { attempt, formFailure } from "#app/lib/forms.server";
import { formatYen } from "#app/lib/money";
import { MAX_REPORT_MB, readReportForm } from "#app/lib/report-upload.server";
import { textLink } from "#app/components/ui/link";
import { PageTitle } from "#app/components/ui/PageTitle";
import { answerRefusals } from "#app/lib/refusals.server";
import { PageSection } from "#app/components/PageSection";

export const handle = { i18n: ["cashback", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const [batches, profiles] = await Promise.all([
      context.trpc.cashback.batches(searchParamsObject(request.url)),
      context.trpc.cashback.profiles.list(),
    ]);
    return json({ batches, profiles: profiles.map((p) => ({ id: p.id, name: p.name })) });
  },
);

/**
 * Stores the report and queues its preview (the import worker reads it into a batch to review;
 * nothing is credited yet), then opens the batch's page, which follows the preview. A file over
 * the limit stops the upload as soon as it passes the limit; what is wrong with the file as a
 * whole (empty, wrong columns, a rate that is not a number) creates no batch at all; what only
 * its rows show (USD rows without a rate, an unclosed quote) fails the preview on that page.
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const read = await readReportForm(request, context);
    if (read.tooLarge) {
      return formFailure(
        { key: "import.fileTooLarge", params: { maxMb: MAX_REPORT_MB }, fieldErrors: {} },
        {},
      );
    }
    const usdRate = read.form.get("usdRate");
    const profileId = read.form.get("profileId");
    const values = {
      usdRate: typeof usdRate === "string" ? usdRate : "",
      profileId: typeof profileId === "string" ? profileId : "",
    };
    const report = read.report;
    // No file chosen (an empty file input sends a part without a name, which is not kept).
    if (!report) {
      return formFailure({ key: null, params: null, fieldErrors: { file: "required" } }, values);
    }
    try {
      const result = await attempt(values, () =>
        context.trpc.cashback.preview({
          fileName: report.name,
          content: report.file,
          usdRate: values.usdRate,
          profileId: values.profileId,
        }),
      );
      if (!result.ok) return result.response;
      return redirect(`/admin/update/${result.data.batchId}`);
    } finally {
      // A stored report was moved away already; a refused one goes now.
      await report.file.discard();
    }
  },
);

const RATE_KEYS = new Set(["import.rateMissing", "import.rateInvalid"]);

/** /admin/update: upload a broker report for preview; the imports so far below. */
export default function DataUpdate() {
  const { t } = useTranslation(["cashback", "errors"]);
  const { batches, profiles } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const error = result && !result.ok ? result.error : null;
  // Rate problems are shown at the rate field, the rest of the refusals above the form.
  const rateError = error?.key && RATE_KEYS.has(error.key) ? t(`errors:${error.key}`) : null;
  const fieldError = (name: string, label: string) =>
    error?.fieldErrors[name]
      ? t(`errors:field.${error.fieldErrors[name]}`, { field: label })
      : null;
  const formError = error?.key && !RATE_KEYS.has(error.key) ? error : null;

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <PageTitle>{t("update.title")}</PageTitle>
        <SectionTabs section="update" />
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("update.intro")}</p>
      </div>

      <Form
        method="post"
        encType="multipart/form-data"
        className={`${card} space-y-4 p-4 sm:p-6`}
        data-testid="upload-form"
      >
        <FormErrorAlert error={formError} />
        {formError?.key === "import.noProfileFits" && formError.params && (
          <p className="text-sm" data-testid="create-profile-from-file">
            <Link
              to={`/admin/update/profiles/new?${new URLSearchParams({
                header: String(formError.params.header ?? ""),
                delimiter: String(formError.params.delimiter ?? ""),
                encoding: String(formError.params.encoding ?? ""),
              })}`}
              className={textLink}
            >
              {t("update.createFromFile")}
            </Link>
          </p>
        )}
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            label={t("update.file")}
            hint={`${t("update.fileHint")} · ${t("update.columnsHelp")}`}
            error={fieldError("file", t("update.file")) ?? fieldError("fileName", t("update.file"))}
            className="[&_input]:file:mr-3 [&_input]:file:rounded-md [&_input]:file:border-0 [&_input]:file:bg-emerald-50 [&_input]:file:px-3 [&_input]:file:py-1 [&_input]:file:text-sm [&_input]:file:font-medium [&_input]:file:text-emerald-800"
          />
          <Field
            name="usdRate"
            inputMode="decimal"
            autoComplete="off"
            placeholder="150.25"
            defaultValue={result && !result.ok ? result.values.usdRate : ""}
            label={t("update.usdRate")}
            hint={t("update.usdRateHint")}
            error={rateError ?? fieldError("usdRate", t("update.usdRate"))}
          />
          <ProfileChoice
            // A new answer naming candidates starts a new choice.
            key={JSON.stringify(error?.params ?? null)}
            profiles={profiles}
            error={error}
            sent={result && !result.ok ? result.values.profileId : ""}
          />
        </div>
        <SubmitButton>{t("update.preview")}</SubmitButton>
      </Form>

      <PageSection id="batches-title" title={t("update.batches")}>
        <DataTable
          label={t("update.batchesLabel")}
          page={batches}
          rowKey={(r) => r.id}
          empty={t("update.batchesEmpty")}
          testId="batches"
          columns={[
            dateColumn("createdAt", t("update.columns.createdAt"), { sorted: true }),
            {
              key: "file",
              header: t("update.columns.file"),
              cell: (r) => (
                <Link
                  to={`/admin/update/${r.id}`}
                  className={`${textLink} block min-w-36 max-w-64 font-medium [overflow-wrap:anywhere]`}
                  data-testid="batch-link"
                >
                  {r.fileName}
                </Link>
              ),
            },
            {
              key: "status",
              header: t("update.columns.status"),
              cell: (r) => <BatchStatusBadge status={r.status} />,
            },
            {
              key: "counts",
              header: t("update.columns.counts"),
              cell: (r) => (
                <span className="block min-w-48 text-xs text-slate-700 dark:text-slate-200">
                  {t("update.countsValue", {
                    total: r.total,
                    matched: r.matched,
                    unmatched: r.unmatched,
                    duplicate: r.duplicate,
                    error: r.error,
                  })}
                </span>
              ),
            },
            {
              key: "credited",
              header: t("update.columns.credited"),
              align: "right",
              nowrap: true,
              cell: (r) => (
                <span className="tabular-nums">
                  {t("update.creditedValue", {
                    rows: r.credited,
                    amount: formatYen(r.amountCredited),
                  })}
                </span>
              ),
            },
            {
              key: "rate",
              header: t("update.columns.rate"),
              align: "right",
              nowrap: true,
              cell: (r) => (r.usdRate === null ? "—" : r.usdRate),
            },
            {
              key: "admin",
              header: t("update.columns.admin"),
              // Wraps only between words: "anywhere" let the table squeeze the column to one
              // letter and broke a short name ("admi/n").
              cell: (r) => (
                <span className="block break-words" data-testid="batch-admin">
                  {r.adminNickname ?? r.adminEmail ?? "—"}
                </span>
              ),
            },
          ]}
        />
      </PageSection>
    </div>
  );
}

/**
 * Which import profile reads the file: automatically the one whose header the
 * file matches (the default), the built-in shape, or a named profile. When the header fits
 * several, the server names them and only they are offered, the reason linked from the error
 * summary, which takes focus.
 */
function ProfileChoice({
  profiles,
  error,
  sent,
}: {
  profiles: { id: string; name: string }[];
  error: FormErrorShape | null;
  sent: string | undefined;
}) {
  const { t } = useTranslation(["cashback", "errors"]);
  const [chosen, setChosen] = useState("");
  const label = (id: string) =>
    id === "builtin" ? t("update.profileBuiltin") : (profiles.find((p) => p.id === id)?.name ?? id);
  const ids = error?.key === "import.chooseProfile" ? error.params?.ids : undefined;
  if (typeof ids === "string" && ids) {
    return (
      <div className="md:col-span-2" data-testid="profile-candidates">
        <RadioCards
          name="profileId"
          legend={t("update.chooseLegend")}
          options={ids.split(",").map((id) => ({ value: id, label: label(id) }))}
          value={chosen}
          onChange={setChosen}
          error={chosen ? null : t("update.chooseError")}
        />
      </div>
    );
  }
  return (
    <SelectField
      name="profileId"
      label={t("update.profile")}
      hint={t("update.profileHint")}
      defaultValue={sent ?? ""}
      className="md:col-span-2"
      error={error?.key === "import.profileGone" ? t("errors:import.profileGone") : null}
    >
      <option value="">{t("update.profileAuto")}</option>
      <option value="builtin">{t("update.profileBuiltin")}</option>
      {profiles.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </SelectField>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
