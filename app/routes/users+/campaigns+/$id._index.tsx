import CheckCircleIcon from "@heroicons/react/20/solid/CheckCircleIcon";
import { JapaneseBadge } from "#app/components/JapaneseOnly";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CampaignCapacity } from "#app/components/campaigns/CampaignCapacity";
import { PlainText } from "#app/components/campaigns/CampaignArt";
import { CampaignStatusBadge, EnteredBadge } from "#app/components/campaigns/badges";
import { FormErrorAlert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { formatDateTime } from "#app/lib/format";
import { attempt } from "#app/lib/forms.server";
import { orNotFound } from "#app/lib/not-found.server";
import { buttonClass } from "#app/components/ui/button";
import { BackLink } from "#app/components/BackLink";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.named("campaign.title"), i18n: ["campaign", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ context, params }: LoaderFunctionArgs) => {
    const campaign = await orNotFound(() => context.trpc.campaigns.get({ id: params.id ?? "" }));
    return json({ campaign });
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ context, params }: ActionFunctionArgs) => {
    const campaignId = params.id ?? "";
    const entered = await attempt({}, () => context.trpc.campaigns.enter({ campaignId }));
    if (!entered.ok) return entered.response;
    // A second submit (double click, another tab) lands on the same completion page.
    return redirect(`/users/campaigns/${campaignId}/complete`);
  },
);

/**
 * /users/campaigns/{id}: the campaign's image, its text (as text, line breaks kept), period,
 * conditions and places left, and the entry button, or that the member has entered.
 */
export default function CampaignDetail() {
  const { t } = useTranslation("campaign");
  const { campaign: c } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const navigation = useNavigation();
  const entering = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <BackLink to="/users/campaign">{t("back")}</BackLink>

      <article className={`${card} overflow-hidden`}>
        {c.imageUrl && (
          <img
            src={c.imageUrl}
            alt=""
            className="aspect-[16/9] max-h-96 w-full object-cover"
            data-testid="campaign-image"
          />
        )}
        <div className="space-y-5 p-5 sm:p-6">
          <div className="space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <CampaignStatusBadge status={c.status} />
              {c.entered && <EnteredBadge />}
              {c.japanese.title && <JapaneseBadge />}
            </div>
            <h1
              className="break-words text-xl font-bold leading-snug sm:text-2xl"
              data-testid="campaign-title"
              lang={c.japanese.title ? "ja" : undefined}
            >
              {c.title}
            </h1>
          </div>

          {c.japanese.body && !c.japanese.title && <JapaneseBadge />}
          <PlainText
            text={c.body}
            testId="campaign-body"
            className="text-sm leading-relaxed text-slate-800 dark:text-slate-200"
          />

          <dl className="grid gap-x-6 gap-y-3 rounded-lg bg-slate-50 p-4 text-sm sm:grid-cols-2 dark:bg-slate-800/60">
            <Fact label={t("period")}>
              <span className="tabular-nums" data-testid="campaign-period">
                {formatDateTime(c.startsAt)} – {formatDateTime(c.endsAt)}
              </span>
            </Fact>
            <Fact label={t("capacity")}>
              <span data-testid="campaign-capacity">
                <CampaignCapacity capacity={c.capacity} remaining={c.remaining} />
              </span>
            </Fact>
            <Fact label={t("conditions")} wide>
              {c.conditions ? (
                <PlainText text={c.conditions} testId="campaign-conditions" />
              ) : (
                t("noConditions")
              )}
            </Fact>
          </dl>

          <div className="space-y-3">
            <FormErrorAlert error={failure && !failure.ok ? failure.error : null} />
            {c.entered ? (
              <p
                data-testid="campaign-entered-state"
                className="flex items-start gap-2 rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
              >
                <CheckCircleIcon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
                <span>
                  <span className="block font-semibold">{t("enter.entered")}</span>
                  <span className="block">
                    {t("enter.enteredAt", { date: formatDateTime(c.enteredAt) })}
                  </span>
                </span>
              </p>
            ) : c.status === "open" ? (
              <Form method="post" className="space-y-2">
                <button
                  type="submit"
                  disabled={entering}
                  data-testid="campaign-enter"
                  className={buttonClass({
                    size: "lg",
                    block: true,
                    className: "disabled:cursor-wait",
                  })}
                >
                  {entering ? t("enter.entering") : t("enter.button")}
                </button>
                <p className="text-xs text-slate-500 dark:text-slate-400">{t("enter.note")}</p>
              </Form>
            ) : (
              <p
                data-testid="campaign-closed"
                className="rounded-md bg-slate-100 px-4 py-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
              >
                {c.status === "upcoming"
                  ? t("enter.upcoming", { date: formatDateTime(c.startsAt) })
                  : t(`enter.${c.status}`)}
              </p>
            )}
          </div>
        </div>
      </article>
    </div>
  );
}

function Fact({
  label,
  children,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`min-w-0 ${wide ? "sm:col-span-2" : ""}`}>
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
