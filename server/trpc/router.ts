import { adminRouter } from "../features/admin/router";
import { affiliateRouter } from "../features/affiliate/router";
import { authRouter } from "../features/auth/router";
import { mfaRouter } from "../features/auth/mfa-router";
import { cashbackRouter } from "../features/cashback/router";
import { brokersRouter } from "../features/brokers/router";
import { campaignsRouter } from "../features/campaigns/router";
import { chatRouter } from "../features/chat/router";
import { easRouter } from "../features/eas/router";
import { gachasRouter } from "../features/gachas/router";
import { lineRouter } from "../features/line/router";
import { lineSignInRouter } from "../features/line/sign-in-router";
import { marathonRouter } from "../features/marathon/router";
import { settingsRouter } from "../features/settings/router";
import { walletRouter } from "../features/wallet/router";
import { profileRouter } from "../features/profile/router";
import { rankingRouter } from "../features/ranking/router";
import { shellRouter } from "../features/shell/router";
import { battlesRouter } from "../features/battles/router";
import { popupsRouter } from "../features/popups/router";
import { legalRouter } from "../features/legal/router";
import { helpRouter } from "../features/help/router";
import { publicRouter } from "../features/public/router";
import { teamRouter } from "../features/team/router";
import { auditRouter } from "../features/audit/router";
import { createCallerFactory, router } from "./init";

export const appRouter = router({
  shell: shellRouter,
  auth: authRouter,
  mfa: mfaRouter,
  wallet: walletRouter,
  cashback: cashbackRouter,
  affiliate: affiliateRouter,
  settings: settingsRouter,
  profile: profileRouter,
  brokers: brokersRouter,
  admin: adminRouter,
  audit: auditRouter,
  chat: chatRouter,
  line: lineRouter,
  lineSignIn: lineSignInRouter,
  gachas: gachasRouter,
  eas: easRouter,
  marathon: marathonRouter,
  ranking: rankingRouter,
  campaigns: campaignsRouter,
  battles: battlesRouter,
  help: helpRouter,
  popups: popupsRouter,
  legal: legalRouter,
  pages: publicRouter,
  team: teamRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;
