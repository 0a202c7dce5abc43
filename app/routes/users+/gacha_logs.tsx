import { type ActionFunctionArgs, json } from "@remix-run/node";
import { JapaneseOnly } from "#app/components/JapaneseOnly";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PageRow } from "#app/components/table/DataTable";
import { Stamp } from "#app/components/cells";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { ConfirmDialog } from "#app/components/ui/ConfirmDialog";
import { GachaArt } from "#app/components/gachas/GachaArt";
import { LogStateBadge } from "#app/components/gachas/badges";
import {
  GACHA_LOG_STATES,
  WonRewardText,
  WonRewardValidity,
} from "#app/components/gachas/log-cells";
import { dateColumn, linkColumn } from "#app/components/table/columns";
import { ListPage } from "#app/components/table/ListPage";
import { SelectFilter } from "#app/components/table/TableFilters";
import { submitForm } from "#app/lib/forms.server";
import { orNotFound } from "#app/lib/not-found.server";
import { buttonClass } from "#app/components/ui/button";
import { actionLink } from "#app/components/ui/link";
import { BackLink } from "#app/components/BackLink";
import { answerRefusals, readForm } from "#app/lib/refusals.server";
import { listLoader } from "#app/lib/list-loader.server";
import { useItemInput } from "./gacha_logs.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("gacha:logs.title"), i18n: ["gacha", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ listLoader((trpc, params) => orNotFound(() => trpc.gachas.myLogs(params))),
);

/** Marks one of the member's items used; the procedure refuses anything else and says why. */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const form = await readForm(request);
    if (form.get("intent") !== "use") throw new Response("Unknown intent", { status: 400 });
    const used = await submitForm(form, useItemInput, (input) =>
      context.trpc.gachas.useItem(input),
    );
    if (!used.ok) return used.response;
    return json({ ok: true as const, id: used.values.id });
  },
);

type Row = PageRow<typeof loader>;

/** /users/gacha_logs: every draw of the member, with each item's validity and state. */
export default function GachaLogs() {
  const { t } = useTranslation(["gacha", "errors"]);
  const { page } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [using, setUsing] = useState<{ row: Row; openedWith: typeof result } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (result?.ok) {
      setDone(using?.row.rewardName ?? null);
      setUsing(null);
    }
    // Only a new result matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  const fresh = using && result !== using.openedWith ? result : undefined;
  const dialogError = fresh && !fresh.ok && fresh.error.key ? t(`errors:${fresh.error.key}`) : null;
  const pageError = !using && result && !result.ok ? result.error : null;

  return (
    <>
      {/* What was won and its state come first: on a phone the table scrolls sideways. */}
      <ListPage
        title={t("logs.title")}
        back={<BackLink to="/users/gachas">{t("detail.back")}</BackLink>}
        filters={{
          label: t("logs.filters"),
          fields: (
            <SelectFilter
              name="state"
              label={t("logs.state")}
              allLabel={t("logs.allStates")}
              options={GACHA_LOG_STATES.map((value) => ({ value, label: t(`states.${value}`) }))}
              testId="filter-state"
            />
          ),
        }}
        notices={
          <>
            {done && (
              <Alert tone="success" testId="item-used">
                {t("logs.usedDone", { name: done })}
              </Alert>
            )}
            <FormErrorAlert error={pageError} />
          </>
        }
        page={page}
        empty={t("logs.empty")}
        testId="gacha-logs"
        columns={[
          {
            key: "reward",
            header: t("logs.reward"),
            className: "min-w-40",
            cell: (r) => (
              <span className="flex items-center gap-2">
                <GachaArt src={r.rewardImageUrl} size="thumb" className="shrink-0" />
                <WonRewardText row={r} nameTestId="log-reward" />
              </span>
            ),
          },
          {
            key: "state",
            header: t("logs.status"),
            cell: (r) => (
              <span className="block space-y-1">
                <LogStateBadge state={r.state} />
                {r.usedAt && (
                  <span className="block whitespace-nowrap text-xs text-slate-500 dark:text-slate-400">
                    <Stamp utc={r.usedAt} />
                  </span>
                )}
                {r.state === "available" && (
                  <button
                    type="button"
                    data-testid="use-item"
                    onClick={() => {
                      setDone(null);
                      setUsing({ row: r, openedWith: result });
                    }}
                    aria-label={t("logs.useOne", { name: r.rewardName })}
                    className={buttonClass({ size: "sm" })}
                  >
                    {t("logs.use")}
                  </button>
                )}
              </span>
            ),
          },
          {
            key: "validity",
            header: t("logs.validity"),
            cell: (r) => <WonRewardValidity row={r} />,
          },
          dateColumn("createdAt", t("logs.date"), { sorted: true }),
          linkColumn<Row>("gacha", t("logs.gacha"), {
            to: (r) => `/users/gachas/${r.gachaId}`,
            text: (r) => <JapaneseOnly text={r.gachaName} japanese={r.japanese.gachaName} />,
            className: "min-w-36",
            linkClassName: actionLink,
          }),
        ]}
      />

      <ConfirmDialog
        open={using !== null}
        onClose={() => setUsing(null)}
        title={t("logs.useTitle")}
        confirmLabel={t("logs.useConfirm")}
        cancelLabel={t("logs.cancel")}
        fields={{ intent: "use", id: using?.row.id ?? "" }}
        error={dialogError}
      >
        <p className="font-medium">{using?.row.rewardName}</p>
        <p>{t("logs.useLead")}</p>
      </ConfirmDialog>
    </>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
