import { adminProcedure } from "./init";

/**
 * The admin procedure for each permission that several procedures need, its meta declared once
 * here: a router takes the one its procedures need (the permission walk in the tests reads each
 * procedure's meta as it would an inline one). A procedure with more in its meta (`acts`, or a
 * permission only it needs) declares it inline on adminProcedure.
 */
export const contentProcedure = adminProcedure.meta({ role: "admin", permission: "content" });
export const legalProcedure = adminProcedure.meta({ role: "admin", permission: "legal" });
export const importProcedure = adminProcedure.meta({
  role: "admin",
  permission: "cashback.import",
});
export const decideProcedure = adminProcedure.meta({ role: "admin", permission: "money.decide" });
export const bankFileProcedure = adminProcedure.meta({
  role: "admin",
  permission: "money.bankFile",
});
export const adjustProcedure = adminProcedure.meta({ role: "admin", permission: "money.adjust" });
export const accountReviewProcedure = adminProcedure.meta({
  role: "admin",
  permission: "brokerAccounts.approve",
});
export const membersViewProcedure = adminProcedure.meta({
  role: "admin",
  permission: "members.view",
});
export const chatProcedure = adminProcedure.meta({ role: "admin", permission: "chat" });
export const settingsProcedure = adminProcedure.meta({ role: "admin", permission: "settings" });
export const auditProcedure = adminProcedure.meta({ role: "admin", permission: "audit" });
