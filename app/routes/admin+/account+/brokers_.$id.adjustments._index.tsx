import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { AdminFormPage } from "#app/components/admin/FormPage";
import { MemberLines } from "#app/components/brokers/adjustments";
import { slashDate } from "#app/components/brokers/rates";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { StatFigures } from "#app/components/StatFigures";
import { Field, SubmitButton } from "#app/components/ui/form";
import { actionLink } from "#app/components/ui/link";
import { attempt, parseForm } from "#app/lib/forms.server";
import { formatYen } from "#app/lib/money";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";
import { tokyoDay } from "#domain/tokyo";
import { PageSection } from "#app/components/PageSection";

export const handle = {
  title: title.named("broker.name", "admin:adjustments.heading"),
  i18n: ["admin", "errors"],
};

/**
 * The day to re-price from when none is asked: the day of the card in force today, when it is
 * not the broker's first (a first card has nothing before it to differ from).
 */
function latestChange(versions: { from: string }[], today: string): string | null {
  const past = versions.slice(1).filter((v) => v.from <= today);
  return past.length > 0 ? past[past.length - 1]!.from : null;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: LoaderFunctionArgs) => {
    const brokerId = params.id ?? "";
    let broker;
    try {
      broker = await context.trpc.brokers.get({ id: brokerId });
    } catch (error) {
      if ((error as { code?: string }).code === "NOT_FOUND")
        throw new Response("Not found", { status: 404 });
      throw error;
    }
    const asked = new URL(request.url).searchParams.get("from");
    const from =
      asked && dayPattern.test(asked) ? asked : latestChange(broker.versions, tokyoDay());
    const [impact, batches] = await Promise.all([
      from ? context.trpc.brokers.adjustments.impact({ brokerId, from }) : null,
      context.trpc.brokers.adjustments.list({ brokerId }),
    ]);
    return json({
      broker: { id: broker.id, name: broker.name },
      days: broker.versions.slice(1).map((v) => v.from),
      from,
      impact,
      batches,
    });
  },
);

const draftForm = z.object({ from: z.string().regex(dayPattern, "rateDate") });

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: ActionFunctionArgs) => {
    const parsed = await parseForm(request, draftForm);
    if (!parsed.ok) return parsed.response;
    const brokerId = params.id ?? "";
    const result = await attempt(parsed.values, () =>
      context.trpc.brokers.adjustments.draft({ brokerId, from: parsed.value.from }),
    );
    if (!result.ok) return result.response;
    return redirect(`/admin/account/brokers/${brokerId}/adjustments/${result.data.id}`);
  },
);

/**
 * /admin/account/brokers/{id}/adjustments: after a rate change dated in the past, how many
 * credited rows were traded on or after its day and what re-pricing them at the card in force
 * on their trade date would change per member; the adjustment batches drawn up so far.
 */
export default function BrokerAdjustments() {
  const { t } = useTranslation(["admin", "errors"]);
  const { broker, days, from, impact, batches } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const error = refused && "error" in refused ? refused.error : null;
  return (
    <AdminFormPage
      back={`/admin/account/brokers/${broker.id}`}
      backLabel={t("adjustments.backToBroker", { name: broker.name })}
      title={t("adjustments.heading", { name: broker.name })}
    >
      <p className="text-sm text-slate-700 dark:text-slate-200">{t("adjustments.intro")}</p>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <Field
          name="from"
          type="date"
          label={t("adjustments.from")}
          defaultValue={from ?? ""}
          list="rate-days"
          className="min-w-48"
        />
        <datalist id="rate-days">
          {days.map((d) => (
            <option key={d} value={d} />
          ))}
        </datalist>
        <button type="submit" className={`${actionLink} min-h-11 text-sm`}>
          {t("adjustments.show")}
        </button>
      </Form>
      <FormErrorAlert error={error} />

      {!impact ? (
        <Alert tone="info">{t("adjustments.noChange")}</Alert>
      ) : (
        <PageSection
          id="impact"
          title={t("adjustments.impactTitle", { day: slashDate(impact.from) })}
          testId="rate-impact"
        >
          <StatFigures
            className="grid-cols-2 sm:grid-cols-3"
            items={[
              ...(
                [
                  ["credited", impact.credited],
                  ["changed", impact.rows],
                  ["notRepriced", impact.notRepriced],
                ] as const
              ).map(([key, value]) => ({
                label: t(`adjustments.figures.${key}`),
                value: String(value),
                testId: `impact-${key}`,
              })),
              ...(
                [
                  ["oldYen", impact.oldYen],
                  ["newYen", impact.newYen],
                  ["difference", impact.difference],
                ] as const
              ).map(([key, value]) => ({
                label: t(`adjustments.figures.${key}`),
                value: formatYen(value),
                testId: `impact-${key}`,
              })),
            ]}
          />
          {impact.members.length > 0 && (
            <>
              <MemberLines lines={impact.members} />
              <Form method="post" className="space-y-2">
                <input type="hidden" name="from" value={impact.from} />
                <p className="text-sm text-slate-700 dark:text-slate-200">
                  {t("adjustments.draftHint", {
                    credit: formatYen(impact.credit),
                    debit: formatYen(impact.debit),
                  })}
                </p>
                <SubmitButton>{t("adjustments.draft")}</SubmitButton>
              </Form>
            </>
          )}
        </PageSection>
      )}

      <section aria-labelledby="batches" className="space-y-2">
        <h2 id="batches" className="text-lg font-semibold">
          {t("adjustments.batches")}
        </h2>
        {batches.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("adjustments.noBatches")}</p>
        ) : (
          <ul className="space-y-2" data-testid="adjustment-batches">
            {batches.map((b) => (
              <li key={b.id} className={`${card} p-3 text-sm`}>
                <Link
                  to={`/admin/account/brokers/${broker.id}/adjustments/${b.id}`}
                  className={`${actionLink} inline-flex min-h-11 items-center font-semibold`}
                >
                  {t("adjustments.batchLine", {
                    day: slashDate(b.from),
                    members: b.members,
                    rows: b.rows,
                  })}
                </Link>
                <p className="tabular-nums text-slate-700 dark:text-slate-200">
                  {t(`adjustments.status.${b.status}`)} ·{" "}
                  {t("adjustments.creditDebit", {
                    credit: formatYen(b.credit),
                    debit: formatYen(b.debit),
                  })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </AdminFormPage>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
