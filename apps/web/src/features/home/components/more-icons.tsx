// Icons of the parts of the member home that load later (carousels, slot account dialog), kept
// out of the home page's first chunk. Decorative: the surrounding control carries the name.
import { Icon, type IconProps } from '@/components/icons';

export const ChevronLeftIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m14.5 5.5-6.5 6.5 6.5 6.5" />
  </Icon>
);
export const ChevronRightIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m9.5 5.5 6.5 6.5-6.5 6.5" />
  </Icon>
);
export const CopyIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="8.5" y="8.5" width="11" height="12" rx="2" />
    <path d="M15.5 8.5V5.5a2 2 0 0 0-2-2h-7a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h2" />
  </Icon>
);
export const PlayIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
  </Icon>
);
export const AndroidIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5.5 10.5a6.5 6.5 0 0 1 13 0V18h-13z" />
    <path d="m7.5 5 1.5 2M16.5 5 15 7" />
    <circle cx="9.5" cy="10.5" r=".8" fill="currentColor" />
    <circle cx="14.5" cy="10.5" r=".8" fill="currentColor" />
  </Icon>
);
export const AppleIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M15.5 7.5c1.5 0 3 .8 3.6 2.1-2.6 1.3-2.3 5 .4 6-.8 2.2-2.2 4.4-3.8 4.4-1.2 0-1.6-.7-3.2-.7s-2.1.7-3.3.7C7.3 20 4.5 15.8 4.5 12c0-2.9 1.9-4.5 3.9-4.5 1.3 0 2.3.8 3.1.8s1.9-.8 4-.8z" />
    <path d="M12.5 5.5c.2-1.5 1.4-2.7 2.8-3" />
  </Icon>
);
export const KeyIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="8" cy="14" r="4" />
    <path d="m11 11 8.5-8.5M16.5 5.5l2.5 2.5M14.5 7.5l2 2" />
  </Icon>
);
export const ArrowsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 8h14.5M15 4.5 18.5 8 15 11.5" />
    <path d="M20 16H5.5M9 12.5 5.5 16 9 19.5" />
  </Icon>
);
