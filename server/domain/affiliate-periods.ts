/**
 * The affiliate page's period presets (Tokyo days and months; the affiliate service turns one
 * into dates). A module of their own: the affiliate page alone loads them.
 */
export const AFFILIATE_PRESETS = [
  "7d",
  "28d",
  "90d",
  "365d",
  "thisMonth",
  "lastMonth",
  "thisYear",
  "lastYear",
] as const;
export type AffiliatePreset = (typeof AFFILIATE_PRESETS)[number];
