import type { Migration } from "kysely";
import * as m202611210600 from "./202611210600_foundation";
import * as m202611210700 from "./202611210700_identity";
import * as m202611210750 from "./202611210750_audit";
import * as m202611210800 from "./202611210800_profile_brokers";
import * as m202611210900 from "./202611210900_ledger";
import * as m202611211000 from "./202611211000_cashback";
import * as m202611211100 from "./202611211100_affiliate";
import * as m202611211120 from "./202611211120_affiliate_banners";
import * as m202611211200 from "./202611211200_engagement";
import * as m202611211210 from "./202611211210_ranking";
import * as m202611211300 from "./202611211300_gachas";
import * as m202611211310 from "./202611211310_eas";
import * as m202611211400 from "./202611211400_chat";
import * as m202611211410 from "./202611211410_line";
import * as m202611211500 from "./202611211500_campaigns";
import * as m202611211510 from "./202611211510_battles";
import * as m202611211520 from "./202611211520_popups";
import * as m202611211530 from "./202611211530_import_chunks";
import * as m202611211600 from "./202611211600_scale_indexes";
import * as m202611211610 from "./202611211610_ranking_totals";
import * as m202611240000 from "./202611240000_attempt_limits";
import * as m202611240100 from "./202611240100_passkeys";
import * as m202611251800 from "./202611251800_broker_rates";
import * as m202611251810 from "./202611251810_mail_notifications";
import * as m202611251830 from "./202611251830_withdrawal_sent";
import * as m202611260100 from "./202611260100_admin_home_indexes";
import * as m202611260200 from "./202611260200_marathon_en_usdt_network";
import * as m202611260300 from "./202611260300_content_english";
import * as m202611260400 from "./202611260400_ea_account_requests";
import * as m202611260600 from "./202611260600_import_jobs";
import * as m202611260800 from "./202611260800_broker_account_type";
import * as m202611270100 from "./202611270100_import_source_key";
import * as m202611270110 from "./202611270110_ranking_cashback_by_import";
import * as m202611270200 from "./202611270200_import_preview_jobs";
import * as m202611280100 from "./202611280100_summary_prefix_indexes";
import * as m202611290100 from "./202611290100_legal_documents";
import * as m202611290201 from "./202611290201_help_articles";
import * as m202611290401 from "./202611290401_rate_versions";
import * as m202611290402 from "./202611290402_import_profiles";
import * as m202611290501 from "./202611290501_reasons_english";
import * as m202611290901 from "./202611290901_denial_reasons_english";
import * as m202611300301 from "./202611300301_license_reason_english";
import * as m202611300401 from "./202611300401_import_rows_exact";
import * as m202611300430 from "./202611300430_recover_email_prior_state";
import * as m202611300701 from "./202611300701_account_closing";
import * as m202611300846 from "./202611300846_rate_adjustments";
import * as m202612010200 from "./202612010200_admin_roles";
import * as m202612010400 from "./202612010400_second_approval_and_audit_page";
import * as m202612010800 from "./202612010800_help_popular";
import * as m202612011200 from "./202612011200_broker_slugs";
import * as m202612011300 from "./202612011300_data_exports";
import * as m202612020300 from "./202612020300_line_sign_in";
import * as m202612020500 from "./202612020500_data_export_mail";
import * as m202612030100 from "./202612030100_present_second_approval";
import * as m202612030200 from "./202612030200_line_link_step_up";
import * as m202612030230 from "./202612030230_liff_token_uses";
import * as m202612030300 from "./202612030300_rate_change_second_approval";
import * as m202612030330 from "./202612030330_legal_second_approval";
import * as m202612040100 from "./202612040100_rate_adjustment_second_approval";

/**
 * Every migration, by name, in order. Listed statically (not read from the folder at run time)
 * so that the bundled production server carries them. A test checks this list against the
 * folder, so a new file cannot be forgotten here.
 */
export const migrations: Record<string, Migration> = {
  "202611210600_foundation": m202611210600,
  "202611210700_identity": m202611210700,
  "202611210750_audit": m202611210750,
  "202611210800_profile_brokers": m202611210800,
  "202611210900_ledger": m202611210900,
  "202611211000_cashback": m202611211000,
  "202611211100_affiliate": m202611211100,
  "202611211120_affiliate_banners": m202611211120,
  "202611211200_engagement": m202611211200,
  "202611211210_ranking": m202611211210,
  "202611211300_gachas": m202611211300,
  "202611211310_eas": m202611211310,
  "202611211400_chat": m202611211400,
  "202611211410_line": m202611211410,
  "202611211500_campaigns": m202611211500,
  "202611211510_battles": m202611211510,
  "202611211520_popups": m202611211520,
  "202611211530_import_chunks": m202611211530,
  "202611211600_scale_indexes": m202611211600,
  "202611211610_ranking_totals": m202611211610,
  "202611240000_attempt_limits": m202611240000,
  "202611240100_passkeys": m202611240100,
  "202611251800_broker_rates": m202611251800,
  "202611251810_mail_notifications": m202611251810,
  "202611251830_withdrawal_sent": m202611251830,
  "202611260100_admin_home_indexes": m202611260100,
  "202611260200_marathon_en_usdt_network": m202611260200,
  "202611260300_content_english": m202611260300,
  "202611260400_ea_account_requests": m202611260400,
  "202611260600_import_jobs": m202611260600,
  "202611260800_broker_account_type": m202611260800,
  "202611270100_import_source_key": m202611270100,
  "202611270110_ranking_cashback_by_import": m202611270110,
  "202611270200_import_preview_jobs": m202611270200,
  "202611280100_summary_prefix_indexes": m202611280100,
  "202611290100_legal_documents": m202611290100,
  "202611290201_help_articles": m202611290201,
  "202611290401_rate_versions": m202611290401,
  "202611290402_import_profiles": m202611290402,
  "202611290501_reasons_english": m202611290501,
  "202611290901_denial_reasons_english": m202611290901,
  "202611300301_license_reason_english": m202611300301,
  "202611300401_import_rows_exact": m202611300401,
  "202611300430_recover_email_prior_state": m202611300430,
  "202611300701_account_closing": m202611300701,
  "202611300846_rate_adjustments": m202611300846,
  "202612010200_admin_roles": m202612010200,
  "202612010400_second_approval_and_audit_page": m202612010400,
  "202612010800_help_popular": m202612010800,
  "202612011200_broker_slugs": m202612011200,
  "202612011300_data_exports": m202612011300,
  "202612020300_line_sign_in": m202612020300,
  "202612020500_data_export_mail": m202612020500,
  "202612030100_present_second_approval": m202612030100,
  "202612030200_line_link_step_up": m202612030200,
  "202612030230_liff_token_uses": m202612030230,
  "202612030300_rate_change_second_approval": m202612030300,
  "202612030330_legal_second_approval": m202612030330,
  "202612040100_rate_adjustment_second_approval": m202612040100,
};
