// The member-facing bonus terms in English (issue 27): the member app's `bonus.terms`,
// `bonus.receive` and `bonus.promotionTitle`, and what the console's preview shows.
import type { BonusActionsText, BonusTermsText } from '../bonus-terms';

export const bonusTermsEn: BonusTermsText = {
  heading: 'Terms',
  creditFixed: 'You receive {amount} baht.',
  creditRate: 'You receive {percent}% of your qualifying deposit, at most {cap} baht.',
  minDeposit:
    'It needs a recent deposit of at least {amount} baht that has not yet been moved into a game.',
  turnover: 'Turnover: bets of {multiple} times your deposit plus the bonus before the bonus ends.',
  weights: 'What counts of each bet: {list}.',
  weight: '{category} {percent}%',
  categories: { slot: 'slots', sport: 'sport', lotto: 'lotto' },
  percentFail:
    'You may end it early once your wallet and game balances together fall below {percent}% of deposit plus bonus.',
  deposit: 'Your next deposit is refused until the bonus ends.',
  ownMoney:
    'Promotion money and what it wins can be withdrawn once the turnover is met; your own money is always yours.',
  oneAtATime:
    'One promotion at a time: while this one is open, no other bonus, promotion, invite bonus, refund or spin prize can be received.',
  withdraw:
    'A withdrawal ends it: the bonus goes back and what is left in the wallet is forfeited (you will be asked to confirm the figure). Withdrawing all your own money forfeits none of it.',
};

export const bonusActionsEn: BonusActionsText = {
  receive: 'Receive',
  promotionTitle: 'Promotion',
};
