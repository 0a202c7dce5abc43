import enAccounts from "../locales/en/accounts.json";
import enAdmin from "../locales/en/admin.json";
import enAffiliate from "../locales/en/affiliate.json";
import enAdminMoney from "../locales/en/admin-money.json";
import enAuth from "../locales/en/auth.json";
import enCampaign from "../locales/en/campaign.json";
import enCashback from "../locales/en/cashback.json";
import enChat from "../locales/en/chat.json";
import enCommon from "../locales/en/common.json";
import enEa from "../locales/en/ea.json";
import enErrors from "../locales/en/errors.json";
import enGacha from "../locales/en/gacha.json";
import enLegal from "../locales/en/legal.json";
import enHelp from "../locales/en/help.json";
import enPublic from "../locales/en/public.json";
import enLine from "../locales/en/line.json";
import enMail from "../locales/en/mail.json";
import enMarathon from "../locales/en/marathon.json";
import enProfile from "../locales/en/profile.json";
import enRanking from "../locales/en/ranking.json";
import enWallet from "../locales/en/wallet.json";
import jaAccounts from "../locales/ja/accounts.json";
import jaHelp from "../locales/ja/help.json";
import jaPublic from "../locales/ja/public.json";
import jaAdmin from "../locales/ja/admin.json";
import jaAffiliate from "../locales/ja/affiliate.json";
import jaAdminMoney from "../locales/ja/admin-money.json";
import jaAuth from "../locales/ja/auth.json";
import jaCampaign from "../locales/ja/campaign.json";
import jaCashback from "../locales/ja/cashback.json";
import jaChat from "../locales/ja/chat.json";
import jaCommon from "../locales/ja/common.json";
import jaEa from "../locales/ja/ea.json";
import jaErrors from "../locales/ja/errors.json";
import jaGacha from "../locales/ja/gacha.json";
import jaLegal from "../locales/ja/legal.json";
import jaLine from "../locales/ja/line.json";
import jaMail from "../locales/ja/mail.json";
import jaMarathon from "../locales/ja/marathon.json";
import jaProfile from "../locales/ja/profile.json";
import jaRanking from "../locales/ja/ranking.json";
import jaWallet from "../locales/ja/wallet.json";
import enBattle from "../locales/en/battle.json";
import enPopup from "../locales/en/popup.json";
import jaBattle from "../locales/ja/battle.json";
import jaPopup from "../locales/ja/popup.json";
import enStatement from "../locales/en/statement.json";
import jaStatement from "../locales/ja/statement.json";
import enBrokers from "../locales/en/brokers.json";
import jaBrokers from "../locales/ja/brokers.json";
import type { Language } from "./i18n";

/**
 * Every namespace of every language, bundled into the server build. A test checks this
 * table against the files under locales/, so a new namespace cannot be forgotten here.
 */
export const resources: Record<Language, Record<string, Record<string, unknown>>> = {
  ja: {
    common: jaCommon,
    errors: jaErrors,
    gacha: jaGacha,
    ea: jaEa,
    auth: jaAuth,
    profile: jaProfile,
    accounts: jaAccounts,
    admin: jaAdmin,
    "admin-money": jaAdminMoney,
    mail: jaMail,
    marathon: jaMarathon,
    ranking: jaRanking,
    chat: jaChat,
    line: jaLine,
    wallet: jaWallet,
    affiliate: jaAffiliate,
    cashback: jaCashback,
    campaign: jaCampaign,
    battle: jaBattle,
    popup: jaPopup,
    statement: jaStatement,
    brokers: jaBrokers,
    legal: jaLegal,
    help: jaHelp,
    public: jaPublic,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    gacha: enGacha,
    ea: enEa,
    auth: enAuth,
    profile: enProfile,
    accounts: enAccounts,
    admin: enAdmin,
    "admin-money": enAdminMoney,
    mail: enMail,
    marathon: enMarathon,
    ranking: enRanking,
    chat: enChat,
    line: enLine,
    wallet: enWallet,
    affiliate: enAffiliate,
    cashback: enCashback,
    campaign: enCampaign,
    battle: enBattle,
    popup: enPopup,
    statement: enStatement,
    brokers: enBrokers,
    legal: enLegal,
    help: enHelp,
    public: enPublic,
  },
};
