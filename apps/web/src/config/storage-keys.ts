// Browser storage keys (spec section 3, "Browser storage"), in one place so logout and the
// guards clear exactly what the spec names.
export const storageKeys = {
  token: 'token',
  rememberAgreement: 'remember_agreement',
  lastSync: 'last_sync',
  locale: 'locale',
  inviteCode: 'invite_code',
  /** The chat visitor's server-signed guest id (spec section 3: guest-id; decision 0095). */
  guestId: 'guest-id',
  /** Set when the server answers 'gone'; cleared by the /login guard when the site is live. */
  terminated: 'terminated',
  /** The operator's name from the last info answer: the top bar's first paint (0040). */
  operatorName: 'operator_name',
  /** sessionStorage, ours: the chat's invite has shown this session (issue 26, decision 0131). */
  chatInvited: 'chat-invited',
  // Also ours, kept out of this entry-chunk object because only a lazy chunk reads it:
  // `limit-offer-skipped:<member id>:<place>` (features/protection/lib/limit-offer.ts, 0147).
  /** localStorage, ours: how many browser sessions have opened the app (decision 0151). */
  appVisits: 'app-visits',
  /** sessionStorage, ours: this session is counted in appVisits. */
  appVisitCounted: 'app-visit-counted',
  /** localStorage, ours: the member dismissed the install offer (or installed): never again. */
  installDismissed: 'install-dismissed',
} as const;
