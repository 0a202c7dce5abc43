import { registerDue } from "../../auth/due";
import { unseenPopups } from "./service";
import { memberProcedure, publicProcedure, router } from "../../trpc/init";
import { mediaImageProcedure } from "../../trpc/media-procedure";
import { contentProcedure } from "../../trpc/admin-procedures";
import {
  adminListInput,
  createPopupInput,
  idInput,
  setActiveInput,
  updatePopupInput,
} from "./schema";
import * as popups from "./service";

export const popupsRouter = router({
  // ------------------------------------------------------------------ members
  /**
   * The popup to open on this page load, or null. Public on purpose: the shell asks on every
   * page, and a page whose session just ended (logout, the MFA step replacing it) or an admin
   * simply has no popup, rather than a 401 the browser logs as an error. Read only when the
   * session lookup found one due (CurrentSession.due).
   */
  next: publicProcedure.query(({ ctx }) =>
    ctx.session?.user.permission === "member" && ctx.session.due.popup
      ? popups.nextPopup(ctx.db, ctx.session.user.id, ctx.locale)
      : null,
  ),

  /** The popup is on screen: it shows once per member. */
  markSeen: memberProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => popups.markSeen(ctx.db, ctx.user.id, input.id)),

  /** A popup's image, for /media/popups/<file>. */
  image: mediaImageProcedure(popups.readPopupImage),

  // -------------------------------------------------------------------- admin
  adminList: contentProcedure
    .input(adminListInput)
    .query(({ ctx, input }) => popups.adminListPopups(ctx.db, input)),

  adminGet: contentProcedure
    .input(idInput)
    .query(({ ctx, input }) => popups.adminGetPopup(ctx.db, input.id)),

  create: contentProcedure
    .input(createPopupInput)
    .mutation(({ ctx, input }) => popups.createPopup(ctx, ctx.user.id, input.popup, input.image)),

  update: contentProcedure
    .input(updatePopupInput)
    .mutation(({ ctx, input }) =>
      popups.updatePopup(ctx, ctx.user.id, input.id, input.popup, input.image),
    ),

  setActive: contentProcedure
    .input(setActiveInput)
    .mutation(({ ctx, input }) => popups.setActive(ctx.db, ctx.user.id, input.id, input.active)),
});

declare module "../../auth/due" {
  interface DueOnNextPage {
    /** A popup the member has not been shown. */
    popup: boolean;
  }
}
registerDue("popup", (kysely, userId, now) =>
  unseenPopups(kysely, userId, now).select("popups.id"),
);
