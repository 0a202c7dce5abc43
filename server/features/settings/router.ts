import { router } from "../../trpc/init";
import { settingsProcedure } from "../../trpc/admin-procedures";
import { settingsInput } from "../../domain/settings";
import { getMoneySettings, updateMoneySettings } from "./service";

export const settingsRouter = router({
  get: settingsProcedure.query(({ ctx }) => getMoneySettings(ctx.db.kysely)),
  update: settingsProcedure.input(settingsInput).mutation(async ({ ctx, input }) => {
    const current = await getMoneySettings(ctx.db.kysely);
    return updateMoneySettings(
      ctx.db,
      ctx.user.id,
      {
        transferFeeRateBp: input.transferFeeRate,
        transferMin: input.transferMin,
        transferMax: input.transferMax,
        usdtNetwork: input.usdtNetwork,
        paypayDailyLimit: input.paypayDailyLimit,
        usdJpyX100: input.usdJpyRate ?? current.usdJpyX100,
        secondApprovalFrom: input.secondApprovalFrom ?? current.secondApprovalFrom,
        presentSecondApprovalOver:
          input.presentSecondApprovalOver ?? current.presentSecondApprovalOver,
      },
      { confirmNetworkChange: input.confirmNetworkChange },
    );
  }),
});
