// English strings of the bonus page, its dialogs, the turnover progress (bonus page and home
// card) and the withdraw dialog's bonus warning (issue 12). Spread into en-extra.ts.
import { bonusActionsEn, bonusTermsEn } from '@wallet/client/bonus-terms/en';
export const enBonus = {
  bonus: {
    title: 'Bonus',
    activeHeading: 'Active now',
    kinds: {
      bonus: 'Bonus',
      promotion: 'Promotion',
      invite: 'Invite bonus',
      refund: 'Cashback',
      coupon: 'Spin prize',
    },
    typeLabel: 'Type',
    nameLabel: 'Name',
    cancel: 'Cancel bonus',
    cancelTitle: 'Cancel this bonus?',
    cancelText:
      'Your game balances move back to the wallet and the condition ends. This cannot be undone.',
    cancelForfeit: 'Promotion money forfeited: {amount} baht',
    cancelKeep: 'Your own money stays yours: {amount} baht',
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
    receive: bonusActionsEn.receive,
    confirm: 'Confirm',
    receivedToast: 'Bonus received',
    promotionTitle: bonusActionsEn.promotionTitle,
    searching: 'Searching…',
    notFound: 'No promotion was found for the code {code}.',
    percentFail: 'Can be ended below {percent}%',
    promotionToast: 'Promotion received',
    terms: bonusTermsEn,
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
      endsNever: 'It cannot be cancelled early (0% threshold).',
      own: 'Your own money',
      locked: 'Promotion money (locked)',
      homeMoney: 'Own {own} · locked {locked} baht',
      withdrawTakes:
        'A withdrawal now ends it: {amount} baht of promotion money goes back first. You can withdraw {withdrawable} baht of your own money without forfeiting any.',
      withdrawKeeps:
        'You can withdraw {withdrawable} baht of your own money now; the condition stays open.',
      homeHeading: 'Bonus turnover',
      homeMore: 'and {count} more',
      homeLink: 'See the bonus conditions',
    },
    withdraw: {
      withdrawable: 'You can withdraw now',
      locked: 'Promotion money (locked)',
      takenBack: 'Promotion money taken back',
      withdrawAll: 'Withdraw all my money ({amount} baht)',
      keepsOpen:
        'Your condition ({kind}) stays open: a withdrawal takes only your own money, and the promotion money stays locked until the turnover is met.',
      warningTitle: 'This withdrawal ends your bonus',
      warning:
        '{forfeit} baht of promotion money (the bonus and what it won) goes back first. Then the amount you ask is paid, and your own money left in the wallet is forfeited.',
      remainder: 'Your own money forfeited by this withdrawal: {rest} baht',
      noForfeit: 'This withdrawal forfeits none of your own money.',
      confirm: 'I agree to forfeit {rest} baht of my own money',
      confirmRequired: 'Tick the box to confirm first',
      overBonus: 'You can withdraw at most {amount} baht now: the promotion money goes back first.',
      overLocked:
        'You can withdraw at most {amount} baht now: the rest is promotion money, locked until the turnover is met.',
      changedForfeit:
        'The figures have changed: this withdrawal now forfeits {rest} baht of your own money. Check the figure and confirm again.',
      unread:
        'Your bonus figures could not be read. If this withdrawal would forfeit any of your own money, you will see the figure and be asked to confirm before anything moves.',
    },
  },
};
