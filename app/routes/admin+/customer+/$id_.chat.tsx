import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChatComposer, ChatThread } from "#app/components/chat/ChatThread";
import { focusRing } from "#app/components/shell/styles";
import { chatAction, newestId } from "#app/lib/chat.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.named("member.nickname", "chat:admin.title", "nickname"),
  i18n: ["chat", "errors"],
};

function notFoundOnBadId(error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code === "NOT_FOUND" || code === "BAD_REQUEST") throw new Response(null, { status: 404 });
  throw error;
}

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: LoaderFunctionArgs) => {
    const memberId = params.id ?? "";
    const before = new URL(request.url).searchParams.get("before") ?? undefined;
    const { member, page } = await context.trpc.chat.admin
      .thread(before ? { memberId, before } : { memberId })
      .catch(notFoundOnBadId);
    const newest = newestId(page);
    if (!before && newest) await context.trpc.chat.admin.markRead({ memberId, upto: newest });
    return json({ member, page: before || !newest ? page : { ...page, ownReadUpto: newest } });
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: ActionFunctionArgs) => {
    const memberId = params.id ?? "";
    return chatAction(request, (input) => context.trpc.chat.admin.send({ memberId, ...input }));
  },
);

/** /admin/customer/:id/chat: support's side of one member's thread. */
export default function AdminCustomerChat() {
  const { t } = useTranslation("chat");
  const { member, page } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const before = params.get("before");
  const first = page.messages[0]?.id;
  const link = `rounded-sm text-sm text-emerald-700 underline dark:text-emerald-400 ${focusRing}`;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <Link to={`/admin/customer/${member.id}`} className={link}>
          {t("admin.back")}
        </Link>
        <Link to="/admin/customer/messages" className={link}>
          {t("admin.inbox")}
        </Link>
      </div>
      <div>
        <h1 className="break-all text-2xl font-bold" data-testid="chat-title">
          {t("admin.title", { nickname: member.nickname })}
        </h1>
        <p className="break-all text-sm text-slate-600 dark:text-slate-300">{member.email}</p>
      </div>
      <ChatThread
        side="admin"
        memberId={member.id}
        page={page}
        live={!before}
        olderHref={
          page.hasOlder && first ? `/admin/customer/${member.id}/chat?before=${first}` : null
        }
        imageUrl={(id) => `/admin/customer/${member.id}/chat/image/${id}`}
      />
      <ChatComposer />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
