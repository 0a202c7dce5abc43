import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { RankingView, rankingParams } from "#app/components/ranking/RankingView";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("ranking:adminTitle"), i18n: ["ranking", "battle"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    return json(await context.trpc.ranking.adminList(rankingParams(request.url)));
  },
);

/** /admin/ranking: the members' ranking with their real names (a tab away from the battles). */
export default function AdminRanking() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <RankingView
        genre={data.genre}
        scope={data.scope}
        top={data.top}
        me={null}
        admin
        tabs={<SectionTabs section="ranking" />}
      />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
