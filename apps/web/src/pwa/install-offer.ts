// Whether and how to offer the install on the home and the profile (decision 0151): pure, so
// the rule has one home and tests.

export type InstallOffer = 'android' | 'ios' | null;

export interface InstallFacts {
  /** Sessions in which this browser opened the app (this one included). */
  visits: number;
  /** The member dismissed the offer (or installed) before. */
  dismissed: boolean;
  /** The app already runs from the home screen. */
  standalone: boolean;
  /** Chromium handed over its install event. */
  hasInstallEvent: boolean;
  userAgent: string;
  /** `navigator.maxTouchPoints` (iPadOS reports itself as a Mac). */
  maxTouchPoints: number;
}

/** iPhone, iPad or iPod in Safari (other iOS browsers cannot add to the Home Screen alike). */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

/** Never on a first visit, never again once dismissed, never inside the installed app. */
export function installOffer(facts: InstallFacts): InstallOffer {
  if (facts.visits < 2 || facts.dismissed || facts.standalone) return null;
  if (facts.hasInstallEvent) return 'android';
  if (isIosSafari(facts.userAgent, facts.maxTouchPoints)) return 'ios';
  return null;
}
