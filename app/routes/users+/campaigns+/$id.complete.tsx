import CheckCircleIcon from "@heroicons/react/24/outline/CheckCircleIcon";
import { json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "#app/lib/format";
import { orNotFound } from "#app/lib/not-found.server";
import { buttonClass } from "#app/components/ui/button";
import { answerRefusals } from "#app/lib/refusals.server";
import type { Titler } from "#app/lib/page-title";

export const handle = {
  // "<campaign> | <entered>": the heading says only that the entry is done.
  title: ((t, data) => {
    const name = (data as { campaign?: { title?: string } } | undefined)?.campaign?.title;
    return name ? `${name} | ${t("campaign:complete.title")}` : undefined;
  }) satisfies Titler,
  i18n: ["campaign", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ context, params }: LoaderFunctionArgs) => {
    const id = params.id ?? "";
    const campaign = await orNotFound(() => context.trpc.campaigns.get({ id }));
    // Complete only once entered: otherwise the campaign itself, with its entry button.
    if (!campaign.entered) throw redirect(`/users/campaigns/${id}`);
    return json({ campaign });
  },
);

/** /users/campaigns/{id}/complete: the entry-complete screen. */
export default function CampaignEntryComplete() {
  const { t } = useTranslation("campaign");
  const { campaign: c } = useLoaderData<typeof loader>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mx-auto max-w-xl py-4">
      <section
        data-testid="campaign-complete"
        className="flex flex-col items-center gap-4 rounded-2xl border border-emerald-200 bg-white px-6 py-10 text-center shadow-sm dark:border-emerald-900 dark:bg-slate-900"
      >
        <CheckCircleIcon className="h-16 w-16 text-emerald-600" aria-hidden="true" />
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          {t("complete.title")}
        </h1>
        <p className="break-words text-slate-700 dark:text-slate-200">
          {t("complete.message", { title: c.title })}
        </p>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {t("complete.enteredAt", { date: formatDateTime(c.enteredAt) })}
        </p>
        <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Link to={`/users/campaigns/${c.id}`} className={buttonClass({ variant: "secondary" })}>
            {t("complete.toDetail")}
          </Link>
          <Link to="/users/campaign" className={buttonClass()}>
            {t("complete.toList")}
          </Link>
        </div>
      </section>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
