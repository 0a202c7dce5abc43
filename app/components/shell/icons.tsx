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
  FlagIcon,
  GiftIcon,
  GlobeAltIcon,
  HomeIcon,
  MegaphoneIcon,
  SparklesIcon,
  UserCircleIcon,
  UserGroupIcon,
  UserPlusIcon,
} from "@heroicons/react/24/outline";
import type { ComponentType, SVGProps } from "react";
import type { IconName } from "./nav-items";

type SvgIcon = ComponentType<SVGProps<SVGSVGElement>>;

const ICONS: Record<Exclude<IconName, "ranking">, SvgIcon> = {
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
  gacha: SparklesIcon,
  affiliate: UserGroupIcon,
  line: BellAlertIcon,
  website: GlobeAltIcon,
  logout: ArrowRightStartOnRectangleIcon,
  login: ArrowLeftEndOnRectangleIcon,
  register: UserPlusIcon,
};

/**
 * The ranking icon is a dark image, not a currentColor glyph, so on its own highlighted
 * entry (/users/ranking) it is drawn inverted to stay visible on the green of the current entry.
 */
export function NavIcon({ name, inverted = false }: { name: IconName; inverted?: boolean }) {
  if (name === "ranking") {
    return (
      <img
        src="/icons/ranking.svg"
        alt=""
        width={20}
        height={20}
        data-testid="ranking-icon"
        className={`h-5 w-5 shrink-0 ${inverted ? "invert" : "dark:invert"}`}
      />
    );
  }
  const Icon = ICONS[name];
  return <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />;
}
