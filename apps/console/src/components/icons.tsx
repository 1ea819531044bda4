// Line icons (24 x 24, stroke = currentColor), decorative: every use has a text label.
const paths = {
  dashboard: 'M4 13h6V4H4zM14 20h6v-9h-6zM14 4v4h6V4zM4 20h6v-4H4z',
  members:
    'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6M21 19v-1a4 4 0 0 0-3-3.9M16 4.1a3 3 0 0 1 0 5.8',
  withdrawals: 'M12 4v11M7 10l5 5 5-5M4 20h16',
  deposits: 'M12 20V9M7 14l5-5 5 5M4 4h16',
  transfers: 'M4 8h13M13 4l4 4-4 4M20 16H7M11 12l-4 4 4 4',
  promotions:
    'M20 12v8H4v-8M2 7h20v5H2zM12 20V7M12 7H8a2.5 2.5 0 1 1 0-5c3 0 4 5 4 5zM12 7h4a2.5 2.5 0 1 0 0-5c-3 0-4 5-4 5z',
  settings: 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4',
  reports: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  adjustments: 'M12 4v16M8 20h8M5 7h14M5 7l-3 7h6zM19 7l-3 7h6z',
  approvals: 'M8 11l3 3 5-6M4 4h16v16H4zM9 20v-3M15 20v-3',
  audit: 'M9 4h6l1 2h3v15H5V6h3zM9 11h6M9 15h6',
  operators: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM9 12l2 2 4-4',
  chat: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  harm: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10zM12 9v4M12 16h0',
  menu: 'M4 7h16M4 12h16M4 17h16',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8M4 21a8 8 0 0 1 16 0',
  chevronDown: 'M6 9l6 6 6-6',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
