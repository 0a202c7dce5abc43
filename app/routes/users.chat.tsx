import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChatComposer, ChatThread } from "~/components/chat/ChatThread";
import { chatAction, newestId } from "~/lib/chat.server";
import { PageTitle } from "~/components/ui/PageTitle";

export const handle = { i18n: ["chat", "errors"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const before = new URL(request.url).searchParams.get("before") ?? undefined;
  const page = await context.trpc.chat.thread(before ? { before } : {}).catch((error: unknown) => {
    if ((error as { code?: string }).code === "BAD_REQUEST")
      throw new Response(null, { status: 404 });
    throw error;
  });
  // Opening the newest messages reads them.
  const newest = newestId(page);
  if (!before && newest) await context.trpc.chat.markRead({ upto: newest });
  return json({ page: before || !newest ? page : { ...page, ownReadUpto: newest } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return chatAction(request, (input) => context.trpc.chat.send(input));
}

/** /users/chat: the member's support thread and the composer. */
export default function Chat() {
  const { t } = useTranslation("chat");
  const { page } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const before = params.get("before");
  const first = page.messages[0]?.id;
  return (
    <div className="space-y-4">
      <div>
        <PageTitle>{t("title")}</PageTitle>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("lead")}</p>
      </div>
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
