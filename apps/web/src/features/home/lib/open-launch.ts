// Opening a launch target. A new tab has to be opened inside the click itself (browsers block
// window.open after an await), so it is opened blank first and pointed at the link once the
// auto-login answer arrives; on failure it is closed again.
import type { LaunchTarget } from '@/features/home/lib/launch';

export function prepareTab(target: LaunchTarget): Window | null {
  if (target !== 'new-tab') return null;
  const tab = window.open('', '_blank');
  // The game never gets a handle on this page.
  if (tab) tab.opener = null;
  return tab;
}

export function openLaunch(url: string, target: LaunchTarget, prepared: Window | null): void {
  if (target === 'same-tab') {
    window.location.assign(url);
    return;
  }
  if (prepared && !prepared.closed) {
    prepared.location.href = url;
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}
