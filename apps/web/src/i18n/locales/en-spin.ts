// The spin wheel page (spec section 2 "Spin", decision 0083): English source; the th and la
// files have the same keys (typed by ExtraCatalog through en-extra.ts).
export const enSpin = {
  spin: {
    title: 'Spin wheel',
    wheelAlt: '{name}: a wheel of {count} slices: {slices}',
    spinButton: 'Spin',
    coins: '{coins} coins',
    spinLabel: 'Spin the wheel ({coins} coins left)',
    noCoins: 'No coins left. Each deposit of 100 baht earns one coin.',
    spinning: 'The wheel is spinning…',
    landed: 'The wheel stopped on {label}',
    noWheel: 'The spin wheel is closed right now.',
    prizeTitle: 'Your prize',
    couponsTitle: 'Your coupons',
    couponsEmpty: 'No coupons to claim.',
    couponsPager: 'Coupon pages',
    index: 'No.',
    prize: 'Prize',
    amount: 'Amount',
    claim: 'Claim',
    claimLabel: 'Claim coupon {index}: {label}',
    confirmTitle: 'Claim this coupon?',
    confirmText:
      '{amount} baht ({label}) goes into your wallet as promotion money, with a turnover condition.',
    turnoverKnown:
      'Turnover: bets of {multiple}x the prize ({required} baht) before it can be withdrawn.',
    addsTo: 'It adds to the spin prize condition you already have open.',
    blocked: 'A spin prize can be claimed once your open condition ({kind}) ends.',
    confirm: 'Claim now',
    cancel: 'Cancel',
    claimed: 'The coupon is in your wallet.',
  },
};
