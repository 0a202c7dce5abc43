/**
 * Every action the audit log records, one list: `recordAudit` takes only these (so a new action
 * cannot be written without joining it), and the audit page shows each by its label in the
 * admin's language (`admin:audit.actions.<action>`; tests/unit/audit-actions.test.ts checks
 * both languages hold every one).
 */
export const AUDIT_ACTIONS = [
  // Security events: the person acts on their own account.
  "auth.signIn",
  "auth.signInFailed",
  "auth.signUp",
  "auth.factor.add",
  "auth.factor.remove",
  "auth.line.link",
  "auth.line.unlink",
  "dataExport.request",
  "dataExport.download",
  // Members and their accounts.
  "account.approve",
  "account.deny",
  "account.type",
  "account.close",
  "account.reopen",
  "account.erasePersonal",
  "account.eraseMoney",
  "payment.update",
  "payment.reveal",
  // Money.
  "withdrawal.complete",
  "withdrawal.reject",
  "withdrawal.firstApprove",
  "withdrawal.secondApprove",
  "withdrawal.sendBack",
  "withdrawal.send",
  "transfer.approve",
  "transfer.deny",
  "transfer.firstApprove",
  "transfer.secondApprove",
  "transfer.sendBack",
  "present.create",
  "present.firstApprove",
  "present.secondApprove",
  "present.sendBack",
  // Brokers, imports and rates.
  "broker.create",
  "broker.update",
  "broker.deactivate",
  "rate_change.firstApprove",
  "rate_change.secondApprove",
  "rate_change.sendBack",
  "import.preview",
  "import.commit",
  "import.rerun",
  "import.profile.create",
  "import.profile.update",
  "import.profile.delete",
  "rate_adjustment.draft",
  "rate_adjustment.decide",
  "rate_adjustment.apply",
  "affiliate.rate.default",
  "affiliate.rate.member",
  "affiliate.banner.create",
  "affiliate.banner.update",
  // Engagement content.
  "campaign.create",
  "campaign.update",
  "gacha.create",
  "gacha.update",
  "gacha.reward.create",
  "gacha.reward.update",
  "popup.create",
  "popup.update",
  "popup.activate",
  "popup.deactivate",
  "marathon.create",
  "marathon.update",
  "marathon.activate",
  "marathon.deactivate",
  "battle.create",
  "battle.update",
  "battle.settle",
  "ea.create",
  "ea.update",
  "ea.version",
  "ea.license.issue",
  "ea.license.reject",
  "ea.license.revoke",
  "ea.account.dedicate",
  "ea.account.undedicate",
  "ea.account_request.create",
  "ea.account_request.approve",
  "ea.account_request.deny",
  // Legal and help publishing.
  "legal.publish",
  "help.create",
  "help.update",
  "help.publish",
  "help.unpublish",
  // Settings and the team.
  "settings.update",
  "settings.usdtNetwork",
  "settings.zengin",
  "settings.publicHome",
  "team.invite",
  "team.invitation.revoke",
  "team.invitation.accept",
  "team.role.change",
  "team.role.create",
  "team.role.update",
  "team.role.delete",
  "team.suspend",
  "team.remove",
  "team.reinstate",
  "team.sessions.end",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const known = new Set<string>(AUDIT_ACTIONS);

/** Whether a stored action is one the list names (older rows may hold others). */
export function isAuditAction(value: string): value is AuditAction {
  return known.has(value);
}
