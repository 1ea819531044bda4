// English strings of the invite, refund and confirm-before-moving dialogs and the promotion
// banner carousel on the member home (issue 12). Spread into en-extra.ts.
export const enInvite = {
  promoCarousel: {
    label: 'Promotions',
    previous: 'Previous banner',
    next: 'Next banner',
    slide: 'Banner {n} of {total}',
    goTo: 'Show banner {n}',
  },
  invite: {
    title: 'Invite friends',
    linkLabel: 'Your invite link',
    linkHint:
      'Friends who register with this link become your invitees. Their deposits earn you an invite bonus.',
    copy: 'Copy',
    copyLabel: 'Copy your invite link',
    copied: 'Copied: {text}',
    copyFailed: 'Failed to copy',
    tableTitle: 'Invite rewards',
    from: 'Friend',
    amount: 'Amount',
    createdAt: 'Date',
    empty: 'No invite rewards yet.',
    pages: 'Invite reward pages',
  },
  refund: {
    title: 'Refund',
    amount: 'Refund waiting',
    success: 'Success',
    fail: 'Fail',
    receive: 'Receive refund',
    move: 'Move to wallet',
    bonusLine1:
      'You have an open bonus or promotion condition (one at a time), so the refund cannot be received now.',
    bonusLine2: 'Play it through or cancel it first, then come back for your refund.',
    nothing: 'No refund to receive now: it comes from the net loss of the last period.',
    nothingMore: 'Your refund has been received: move it to your wallet below.',
    logTitle: 'Refund history',
    refundAmount: 'Refund',
    createdAt: 'Date',
    empty: 'No refunds yet.',
    pages: 'Refund history pages',
  },
  moveBonus: {
    inviteTitle: 'Receive the invite bonus',
    refundTitle: 'Move the refund to your wallet',
    amount: 'Amount',
    success: 'Success',
    fail: 'Fail',
    successText: 'Success: play games for {success}% of this amount and it is yours to withdraw.',
    failText: 'Fail: once your balance falls below {fail}% of it, the condition can be ended.',
    failNever: 'Fail: this condition cannot be ended early (0% threshold).',
    warning:
      'This money comes with a turnover condition. Until it is met, this amount and what it wins stay locked; you can still withdraw your own money, and the condition stays open.',
    confirm: 'Move to wallet',
  },
};
