import { adminAccessOf } from "../../auth/admin-access";
import { allows } from "../../domain/admin-access";
import { memberProcedure, publicProcedure, router } from "../../trpc/init";
import { chatProcedure } from "../../trpc/admin-procedures";
import {
  adminListInput,
  adminMarkReadInput,
  adminPollInput,
  adminSendInput,
  adminThreadInput,
  imageInput,
  markReadInput,
  pageInput,
  pollInput,
  sendInput,
} from "./schema";
import * as chat from "./service";

/**
 * Support chat. A member only ever reaches their own thread (no procedure takes their id);
 * admins name the member whose thread they answer.
 */
export const chatRouter = router({
  thread: memberProcedure
    .input(pageInput)
    .query(({ ctx, input }) => chat.threadPage(ctx.db, ctx.user.id, "member", input.before)),

  poll: memberProcedure
    .input(pollInput)
    .query(({ ctx, input }) => chat.poll(ctx.db, ctx.user.id, "member", input.after)),

  send: memberProcedure
    .input(sendInput)
    .mutation(({ ctx, input }) => chat.send(ctx, ctx.user.id, "member", ctx.user.id, input)),

  markRead: memberProcedure
    .input(markReadInput)
    .mutation(({ ctx, input }) => chat.markRead(ctx.db, ctx.user.id, "member", input.upto)),

  unread: memberProcedure.query(({ ctx }) => chat.unreadFor(ctx.db, ctx.user.id, "member")),

  image: memberProcedure
    .input(imageInput)
    .query(({ ctx, input }) => chat.messageImage(ctx, ctx.user.id, input.messageId)),

  admin: router({
    /**
     * The admin menu's badge: unread member messages over all threads. Public on purpose, like
     * popups.next: the badge asks on every admin page, and a page whose session has just ended
     * (logout) gets "none" rather than a 401 the browser logs as an error. Only an admin's
     * session whose role holds the chat sees a count.
     */
    unread: publicProcedure.query(async ({ ctx }) =>
      ctx.session?.user.permission === "admin" &&
      allows((await adminAccessOf(ctx.db, ctx.session)).grants, "chat")
        ? chat.adminUnreadTotal(ctx.db).then(({ messages, threads }) => ({ messages, threads }))
        : { messages: 0, threads: 0 },
    ),

    threads: chatProcedure
      .input(adminListInput)
      .query(({ ctx, input }) => chat.adminThreads(ctx.db, input)),

    thread: chatProcedure.input(adminThreadInput).query(async ({ ctx, input }) => ({
      member: await chat.chatMember(ctx.db, input.memberId),
      page: await chat.threadPage(ctx.db, input.memberId, "admin", input.before),
    })),

    poll: chatProcedure
      .input(adminPollInput)
      .query(({ ctx, input }) => chat.poll(ctx.db, input.memberId, "admin", input.after)),

    send: chatProcedure.input(adminSendInput).mutation(async ({ ctx, input }) => {
      await chat.chatMember(ctx.db, input.memberId);
      return chat.send(ctx, input.memberId, "admin", ctx.user.id, input);
    }),

    markRead: chatProcedure
      .input(adminMarkReadInput)
      .mutation(({ ctx, input }) => chat.markRead(ctx.db, input.memberId, "admin", input.upto)),

    image: chatProcedure
      .input(imageInput.extend({ memberId: adminThreadInput.shape.memberId }))
      .query(({ ctx, input }) => chat.messageImage(ctx, input.memberId, input.messageId)),
  }),
});
