import PencilSquareIcon from "@heroicons/react/20/solid/PencilSquareIcon";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { BattleBoard, BattlePhaseBadge, PrizeList } from "#app/components/battles/BattleParts";
import { ConfirmDialog } from "#app/components/ui/ConfirmDialog";
import { Alert } from "#app/components/ui/Alert";
import { EmptyState } from "#app/components/ui/EmptyState";
import { card } from "#app/components/ui/card";
import { formatDateTime } from "#app/lib/format";
import { attempt } from "#app/lib/forms.server";
import { formatYen } from "#app/lib/money";
import { orNotFound } from "#app/lib/not-found.server";
import { buttonClass } from "#app/components/ui/button";
import { textLink } from "#app/components/ui/link";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.named("battle.title"),
  i18n: ["battle", "admin-money", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ params, context }: LoaderFunctionArgs) => {
    return json(await orNotFound(() => context.trpc.battles.adminGet({ id: params.id ?? "" })));
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ params, context }: ActionFunctionArgs) => {
    const id = params.id ?? "";
    const result = await attempt({}, () => context.trpc.battles.settle({ id }));
    if (!result.ok) return result.response;
    const { winners, paid } = result.data;
    return redirect(`/admin/ranking/battles/${id}?settled=1&winners=${winners}&paid=${paid}`);
  },
);

/** /admin/ranking/battles/$id: prizes, standings with real names, and the Settle button. */
export default function AdminBattle() {
  const { t } = useTranslation("battle");
  const data = useLoaderData<typeof loader>();
  const { battle, prizes, standings, canSettle } = data;
  const failure = useActionData<typeof action>();
  const [params] = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  const refusal = failure?.error.key
    ? failure.error.key.startsWith("battle.")
      ? t(`errors.${failure.error.key.slice("battle.".length)}`, {
          defaultValue: t("errors.generic"),
        })
      : t(`errors:${failure.error.key}`)
    : null;
  // A settled battle closes the dialog (the page reloads with ?settled).
  useEffect(() => {
    if (battle.status === "settled") setConfirming(false);
  }, [battle.status]);
  const notice = params.has("settled")
    ? t("admin.settled", {
        winners: Number(params.get("winners") ?? 0),
        paid: formatYen(Number(params.get("paid") ?? 0)),
      })
    : params.has("created")
      ? t("admin.created")
      : params.has("updated")
        ? t("admin.updated")
        : null;
  return (
    <div className="space-y-6">
      <Link to="/admin/ranking/battles" className={`${textLink} text-sm`}>
        {t("admin.back")}
      </Link>
      {notice && (
        <Alert tone="success" testId="battle-notice">
          {notice}
        </Alert>
      )}
      {refusal && !confirming && (
        <Alert tone="error" testId="form-error">
          {refusal}
        </Alert>
      )}
      <section className={`${card} space-y-4 p-4 sm:p-6`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <h1 className="text-2xl font-bold [overflow-wrap:anywhere]" data-testid="battle-title">
              {battle.title}
            </h1>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t("periodRange", { start: battle.startsOn, end: battle.endsOn })}
            </p>
            <BattlePhaseBadge phase={battle.phase} />
          </div>
          <div className="flex flex-wrap gap-2">
            {battle.status !== "settled" && (
              <Link
                to={`/admin/ranking/battles/${battle.id}/edit`}
                data-testid="battle-edit"
                className={buttonClass({ variant: "secondary" })}
              >
                <PencilSquareIcon className="h-4 w-4" aria-hidden="true" />
                {t("admin.edit")}
              </Link>
            )}
            {canSettle && (
              <button
                type="button"
                data-testid="battle-settle"
                onClick={() => setConfirming(true)}
                className={buttonClass()}
              >
                {t("admin.settle")}
              </button>
            )}
          </div>
        </div>
        {battle.status === "settled" ? (
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="battle-settled-by">
            {t("admin.settledBy", {
              at: formatDateTime(battle.settledAt),
              name: battle.settledByName ?? "—",
            })}{" "}
            ・ {t("admin.paidTotal")}: {formatYen(data.paidTotal)}
          </p>
        ) : (
          !canSettle && (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t("admin.settleNotYet", { end: battle.endsOn })}
            </p>
          )
        )}
        <div className="space-y-2">
          <h2 className="text-sm font-semibold">
            {t("prizes")} ({t("admin.prizeTotal")}: {formatYen(data.prizeTotal)})
          </h2>
          <PrizeList prizes={prizes} />
        </div>
      </section>

      <section className="space-y-2">
        <h2 className="text-lg font-semibold">
          {battle.status === "settled" ? t("standingsFinal") : t("standings")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("admin.standingsNote")}</p>
        {standings.length === 0 ? (
          <EmptyState testId="standings-empty">{t("standingsEmpty")}</EmptyState>
        ) : (
          <BattleBoard rows={standings} caption={battle.title} admin />
        )}
      </section>

      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("admin.settleTitle")}
        confirmLabel={t("admin.settleConfirm")}
        fields={{ intent: "settle" }}
        error={confirming ? refusal : null}
        testId="settle-dialog"
      >
        <p>{t("admin.settleBody", { total: formatYen(data.paidTotal) })}</p>
      </ConfirmDialog>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
