import { publicProcedure, router } from "../../trpc/init";
import { getViewer } from "./service";

export const shellRouter = router({
  viewer: publicProcedure.query(({ ctx }) => getViewer(ctx.config, ctx.session)),
});
