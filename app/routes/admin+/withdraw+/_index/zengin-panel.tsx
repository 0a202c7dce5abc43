import ArrowDownTrayIcon from "@heroicons/react/20/solid/ArrowDownTrayIcon";
import { Form, Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "#app/components/ui/Alert";
import { buttonClass } from "#app/components/ui/button";
import { Facts, Section } from "#app/components/ui/card";
import { formatYen } from "#app/lib/money";
import type { ActionData } from "./route";

interface Preview {
  configured: boolean;
  transferDay: string;
  ids: string[];
  through: string | null;
  total: number;
  problems: { id: string; field: string; value: string }[];
  skipped: { id: string; field: string; value: string; nickname: string | null }[];
}

const linkClass = "font-medium underline underline-offset-2";

/**
 * The day's bank payouts as one Zengin file: what it will hold (count, total, transfer day),
 * the rows a bank could not read, the download, and "mark as sent" once the file is uploaded.
 * Both the download and the marking cover exactly the rows the file pays (up to the newest id);
 * a row a bank cannot read is left out, named with the reason, and stays pending.
 */
export function ZenginPanel({ preview, result }: { preview: Preview; result: ActionData }) {
  const { t } = useTranslation(["admin-money", "errors"]);
  const [params] = useSearchParams();
  const refused = params.get("zengin");
  const marked = result?.ok && result.intent === "markSent" ? result.results : null;
  const download = new URLSearchParams(params);
  download.delete("zengin");
  if (preview.through) download.set("through", preview.through);
  const settingsLink = (
    <Link to="/admin/setting/zengin" className={linkClass}>
      {t("zengin.panel.settingsLink")}
    </Link>
  );
  const ready = preview.configured && preview.problems.length === 0 && preview.ids.length > 0;

  return (
    <Section title={t("zengin.panel.title")} testId="zengin-panel">
      <div className="space-y-3">
        {marked && (
          <Alert tone={marked.some((r) => !r.ok) ? "info" : "success"} testId="zengin-marked">
            <p>{t("zengin.panel.marked", { count: marked.filter((r) => r.ok).length })}</p>
            {marked.some((r) => !r.ok) && (
              <p className="mt-1" data-testid="zengin-not-marked">
                {t("zengin.panel.notMarked", {
                  ids: marked
                    .filter((r) => !r.ok)
                    .map((r) => r.id)
                    .join(", "),
                })}
              </p>
            )}
          </Alert>
        )}
        {refused && !marked && (
          <Alert tone="error" testId="zengin-refused">
            {t(`errors:${refused}`, { defaultValue: t("errors:internal") })}
          </Alert>
        )}
        {!preview.configured && (
          <Alert tone="info" testId="zengin-not-configured">
            {t("zengin.panel.notConfigured")} {settingsLink}
          </Alert>
        )}
        {preview.problems.length > 0 && (
          <Alert tone="error" testId="zengin-problems">
            <p>{t("zengin.panel.problems", { count: preview.problems.length })}</p>
            <ul className="mt-1 list-disc pl-5">
              {preview.problems.map((p) => (
                <li key={p.field} data-testid="zengin-problem">
                  {t(`zengin.settings.${p.field}`)}: {settingsLink}
                </li>
              ))}
            </ul>
          </Alert>
        )}
        {preview.skipped.length > 0 && (
          <Alert tone="info" testId="zengin-skipped">
            <p>
              {t("zengin.panel.skipped", { count: new Set(preview.skipped.map((p) => p.id)).size })}
            </p>
            <ul className="mt-1 list-disc pl-5 break-words">
              {preview.skipped.map((p) => (
                <li key={`${p.id}-${p.field}`} data-testid="zengin-skipped-row">
                  {t("zengin.panel.problem", {
                    member: p.nickname ?? "",
                    id: p.id,
                    field: t(`zengin.fields.${p.field}`),
                    value: p.value,
                  })}
                </li>
              ))}
            </ul>
          </Alert>
        )}
        {preview.ids.length === 0 ? (
          preview.skipped.length === 0 && (
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="zengin-empty">
              {t("zengin.panel.empty")}
            </p>
          )
        ) : (
          <Facts
            items={[
              {
                label: t("zengin.panel.count"),
                value: String(preview.ids.length),
                testId: "zengin-count",
              },
              {
                label: t("zengin.panel.total"),
                value: formatYen(preview.total),
                testId: "zengin-total",
              },
              {
                label: t("zengin.panel.transferDay"),
                value: preview.transferDay.replaceAll("-", "/"),
                testId: "zengin-day",
              },
            ]}
          />
        )}
        {ready && (
          <div className="flex flex-col gap-2 sm:flex-row">
            <a
              href={`/admin/withdraw/zengin?${download}`}
              download
              data-testid="zengin-download"
              className={buttonClass({ variant: "secondary" })}
            >
              <ArrowDownTrayIcon className="h-4 w-4" aria-hidden="true" />
              {t("zengin.panel.download")}
            </a>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="markSent" />
              {preview.ids.map((id) => (
                <input key={id} type="hidden" name="ids" value={id} />
              ))}
              <button type="submit" className={buttonClass()} data-testid="zengin-mark-sent">
                {t("zengin.panel.markSent", { count: preview.ids.length })}
              </button>
            </Form>
          </div>
        )}
        <p className="text-xs text-slate-500 dark:text-slate-400">{t("zengin.panel.help")}</p>
      </div>
    </Section>
  );
}
