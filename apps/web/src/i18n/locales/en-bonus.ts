// English strings of the bonus page, its dialogs, the turnover progress (bonus page and home
// card) and the withdraw dialog's bonus warning (issue 12). Spread into en-extra.ts.
export const enBonus = {
  bonus: {
    title: 'Bonus',
    activeHeading: 'Active now',
    kinds: {
      bonus: 'Bonus',
      promotion: 'Promotion',
      invite: 'Invite bonus',
      refund: 'Cashback',
    },
    typeLabel: 'Type',
    nameLabel: 'Name',
    cancel: 'Cancel bonus',
    cancelTitle: 'Cancel this bonus?',
    cancelText:
      'Your game balances move back to the wallet, what is left in the wallet is forfeited and the bonus ends. This cannot be undone.',
    cancelYes: 'Yes, cancel it',
    cancelNo: 'Keep the bonus',
    cancelFailed: 'Could not cancel the bonus',
    codeLabel: 'Promotion code',
    codePlaceholder: 'e.g. WELCOME',
    search: 'Search',
    codeRequired: 'Enter a promotion code',
    codeFormat: 'Use only the letters A-Z and digits, at most 32',
    cardsHeading: 'Bonuses',
    cardsEmpty: 'There are no bonuses right now.',
    loadFailed: 'Could not load the bonuses.',
    current: 'Current',
    received: 'Received',
    receive: 'Receive',
    confirm: 'Confirm',
    receivedToast: 'Bonus received',
    promotionTitle: 'Promotion',
    searching: 'Searching…',
    notFound: 'No promotion was found for the code {code}.',
    percentFail: 'Can be ended below {percent}%',
    promotionToast: 'Promotion received',
    terms: {
      heading: 'Terms',
      creditFixed: 'You receive {amount} baht.',
      creditRate: 'You receive {percent}% of your qualifying deposit, at most {cap} baht.',
      minDeposit:
        'It needs a recent deposit of at least {amount} baht that has not yet been moved into a game.',
      turnover:
        'Turnover: bets of {multiple} times your deposit plus the bonus before the bonus ends.',
      weights: 'What counts of each bet: {list}.',
      weight: '{category} {percent}%',
      categories: { slot: 'slots', sport: 'sport', lotto: 'lotto' },
      percentFail:
        'You may end it early once your wallet and game balances together fall below {percent}% of deposit plus bonus.',
      deposit: 'Your next deposit is refused until the bonus ends.',
      withdraw:
        'A withdrawal before the turnover is met takes the bonus back first, pays the amount you ask and forfeits the rest of the wallet.',
    },
    turnover: {
      heading: 'Turnover',
      none: 'No turnover condition is open.',
      loadFailed: 'Could not load the turnover.',
      progressLabel: 'Turnover of {name}',
      figures: '{played} of {required} baht',
      valueText: '{played} of {required} baht played ({percent}%)',
      providersHeading: 'Counted per game',
      provider: '{name}: {played} baht (counts {weight}%)',
      endsMet: 'It ends by itself once {required} baht has been played.',
      endsClear:
        'You may cancel it once your wallet and game balances fall below {amount} baht ({percent}% of {base} baht).',
      withdrawTakes: 'A withdrawal now ends it and takes back {amount} baht first.',
      homeHeading: 'Bonus turnover',
      homeMore: 'and {count} more',
      homeLink: 'See the bonus conditions',
    },
    withdraw: {
      warningTitle: 'This withdrawal ends your bonus',
      warning:
        'First {forfeit} baht that your bonus credited is taken back. Then the amount you ask is paid, and whatever is left in your wallet is forfeited.',
      remainder: 'Forfeited after this withdrawal: {rest} baht',
      confirm: 'I understand: the bonus is taken back and the rest of my wallet is forfeited',
      confirmRequired: 'Tick the box to confirm first',
    },
  },
};
