import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RankingAdminTabs } from "~/components/battle/RankingAdminTabs";
import { RankingView, rankingParams } from "~/components/ranking/RankingView";

export const handle = { i18n: ["ranking", "battle"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await context.trpc.ranking.adminList(rankingParams(request.url)));
}

/** /admin/ranking: the members' ranking with their real names (a tab away from the battles). */
export default function AdminRanking() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <RankingAdminTabs />
      <RankingView genre={data.genre} scope={data.scope} top={data.top} me={null} admin />
    </div>
  );
}
