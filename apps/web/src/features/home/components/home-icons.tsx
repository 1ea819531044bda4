// Icons of the member home's first screen (kept out of the shared icon chunk, which /login
// loads too). Decorative: the surrounding control carries the name.
import { Icon, type IconProps } from '@/components/icons';

export const DepositIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="6" width="18" height="13" rx="2" />
    <path d="M12 3v8M8.5 7.5 12 11l3.5-3.5" />
    <path d="M7 15h3" />
  </Icon>
);
export const WithdrawIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="6" width="18" height="13" rx="2" />
    <path d="M12 14V4M8.5 7.5 12 4l3.5 3.5" />
    <path d="M7 15h3" />
  </Icon>
);
export const RefreshIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20 11a8 8 0 0 0-14.3-4.9L4 8" />
    <path d="M4 3.5V8h4.5" />
    <path d="M4 13a8 8 0 0 0 14.3 4.9L20 16" />
    <path d="M20 20.5V16h-4.5" />
  </Icon>
);
export const GiftIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="8.5" width="17" height="4" rx="1" />
    <path d="M5 12.5V20h14v-7.5M12 8.5V20" />
    <path d="M12 8.5C10.5 5 7 4.5 7 6.8 7 8.5 12 8.5 12 8.5zM12 8.5c1.5-3.5 5-4 5-1.7 0 1.7-5 1.7-5 1.7z" />
  </Icon>
);
export const ListCheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m4 6.5 1.5 1.5L8.5 5M4 12.5 5.5 14l3-3M4 18.5 5.5 20l3-3" />
    <path d="M11.5 6.5H20M11.5 12.5H20M11.5 18.5H20" />
  </Icon>
);
export const CoinBackIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="13" cy="12" r="7" />
    <path d="M13 8.5v7M11 10.2c0-1 .9-1.5 2-1.5s2 .6 2 1.4c0 2-4 1.2-4 3.2 0 .9.9 1.5 2 1.5s2-.5 2-1.5" />
    <path d="M3 8.5 5.5 6 8 8.5" />
    <path d="M5.5 6v6" />
  </Icon>
);
export const WheelIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 3.5v17M3.5 12h17M6 6l12 12M18 6 6 18" />
  </Icon>
);
