import { publicProcedure, router } from "../../trpc/init";
import { adminAccessOf } from "../../auth/admin-access";
import { getViewer } from "./service";

export const shellRouter = router({
  viewer: publicProcedure.query(async ({ ctx }) =>
    getViewer(
      ctx.config,
      ctx.session,
      ctx.session?.user.permission === "admin"
        ? (await adminAccessOf(ctx.db, ctx.session)).grants
        : undefined,
    ),
  ),
});
