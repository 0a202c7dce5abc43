import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChatComposer, ChatThread } from "#app/components/chat/ChatThread";
import { chatAction, newestId } from "#app/lib/chat.server";
import { PageHeading } from "#app/components/ui/PageTitle";
import { HelpLinks, type HelpLinkItem } from "#app/components/help/HelpLinks";
import { card } from "#app/components/ui/card";
import { textLink } from "#app/components/ui/link";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("chat:title"), i18n: ["chat", "errors", "help"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const before = new URL(request.url).searchParams.get("before") ?? undefined;
    const page = await context.trpc.chat
      .thread(before ? { before } : {})
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === "BAD_REQUEST")
          throw new Response(null, { status: 404 });
        throw error;
      });
    // Opening the newest messages reads them.
    const newest = newestId(page);
    if (!before && newest) await context.trpc.chat.markRead({ upto: newest });
    // The top questions, offered before a member writes.
    const questions = before ? [] : await context.trpc.help.top();
    return json({
      page: before || !newest ? page : { ...page, ownReadUpto: newest },
      questions,
    });
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    return chatAction(request, (input) => context.trpc.chat.send(input));
  },
);

/** /users/chat: the member's support thread and the composer. */
export default function Chat() {
  const { t } = useTranslation("chat");
  const { page, questions } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const before = params.get("before");
  const first = page.messages[0]?.id;
  return (
    <div className="space-y-4">
      <PageHeading title={t("title")} lead={t("lead")} />
      <TopQuestions questions={questions} />
      <ChatThread
        side="member"
        page={page}
        live={!before}
        olderHref={page.hasOlder && first ? `/users/chat?before=${first}` : null}
        imageUrl={(id) => `/users/chat/image/${id}`}
      />
      <ChatComposer />
    </div>
  );
}

/** The help centre's top questions above the thread: many answers need no message. */
function TopQuestions({ questions }: { questions: HelpLinkItem[] }) {
  const { t } = useTranslation("help");
  if (questions.length === 0) return null;
  return (
    <div className={`${card} space-y-1 p-3 sm:p-4`}>
      <HelpLinks links={questions} title={t("topQuestions")} testId="chat-top-questions" />
      <Link to="/help" className={`${textLink} inline-flex min-h-11 items-center text-sm`}>
        {t("moreQuestions")}
      </Link>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
