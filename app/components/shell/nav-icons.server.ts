import {
  ArrowLeftEndOnRectangleIcon,
  ArrowRightStartOnRectangleIcon,
  ArrowUpTrayIcon,
  BanknotesIcon,
  BellAlertIcon,
  BoltIcon,
  BuildingLibraryIcon,
  ChatBubbleLeftRightIcon,
  CpuChipIcon,
  DocumentTextIcon,
  FlagIcon,
  GiftIcon,
  GlobeAltIcon,
  HomeIcon,
  MegaphoneIcon,
  QuestionMarkCircleIcon,
  SparklesIcon,
  UserCircleIcon,
  UserGroupIcon,
  UserPlusIcon,
} from "@heroicons/react/24/outline";
import { type ComponentType, createElement, type SVGProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { IconName } from "./nav-items";

type SvgIcon = ComponentType<SVGProps<SVGSVGElement>>;

/** The navigation's currentColor icons (Heroicons outline); the ranking's is an image. */
export const NAV_ICONS: Record<Exclude<IconName, "ranking">, SvgIcon> = {
  dashboard: HomeIcon,
  marathon: FlagIcon,
  campaign: MegaphoneIcon,
  profile: UserCircleIcon,
  message: ChatBubbleLeftRightIcon,
  account: BuildingLibraryIcon,
  ea: CpuChipIcon,
  cashback: BanknotesIcon,
  battle: BoltIcon,
  deposit: GiftIcon,
  withdraw: ArrowUpTrayIcon,
  statement: DocumentTextIcon,
  gacha: SparklesIcon,
  affiliate: UserGroupIcon,
  line: BellAlertIcon,
  website: GlobeAltIcon,
  help: QuestionMarkCircleIcon,
  logout: ArrowRightStartOnRectangleIcon,
  login: ArrowLeftEndOnRectangleIcon,
  register: UserPlusIcon,
};

/**
 * Each icon as the `<symbol>` of one SVG document, named by its IconName. The symbol keeps
 * the icon's own drawing attributes (viewBox, fill, stroke, stroke width) and paths, as
 * Heroicons renders them, so `<use>` draws what the inline icon drew.
 */
function symbol(name: string, Icon: SvgIcon): string {
  const svg = renderToStaticMarkup(createElement(Icon));
  const match = /^<svg([^>]*)>([\s\S]*)<\/svg>$/.exec(svg);
  if (!match) throw new Error(`icon ${name} did not render as one <svg>`);
  const attributes = match[1]!.replace(/\s(xmlns|aria-hidden|data-slot)="[^"]*"/g, "");
  return `<symbol id="${name}"${attributes}>${match[2]}</symbol>`;
}

let sprite: string | undefined;

export function navIconSprite(): string {
  sprite ??= `<svg xmlns="http://www.w3.org/2000/svg">${Object.entries(NAV_ICONS)
    .map(([name, Icon]) => symbol(name, Icon))
    .join("")}</svg>`;
  return sprite;
}
