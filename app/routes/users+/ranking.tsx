import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RankingView, rankingParams } from "#app/components/ranking/RankingView";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("nav.ranking"), i18n: ["ranking"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    return json(await context.trpc.ranking.list(rankingParams(request.url)));
  },
);

/** /users/ranking: genre × period, top 100 by nickname, and the member's own place. */
export default function Ranking() {
  const data = useLoaderData<typeof loader>();
  return <RankingView genre={data.genre} scope={data.scope} top={data.top} me={data.me} />;
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
