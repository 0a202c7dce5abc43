import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RankingView, rankingParams } from "~/components/ranking/RankingView";
import { requireAdmin } from "~/lib/guards.server";

export const handle = { i18n: ["ranking"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json(await context.trpc.ranking.adminList(rankingParams(request.url)));
}

/** /admin/ranking: the members' ranking with their real names. */
export default function AdminRanking() {
  const data = useLoaderData<typeof loader>();
  return <RankingView genre={data.genre} scope={data.scope} top={data.top} me={null} admin />;
}
