// The demo slot behind a launch link: three reels, bets of 1, 5 or 10 baht. Pure functions
// so the odds are testable; the store applies the outcome to the game account.

// Plain text symbols: they render on any device without an emoji font.
export const REEL_SYMBOLS = ['7', 'BAR', '★', '♦', '♣', '♥'] as const;
/** Bets in satang: 1, 5 and 10 baht. Even numbers, so a 1.5x pair pays whole satang. */
export const BETS = [100, 500, 1000] as const;
export type Bet = (typeof BETS)[number];

export function isBet(value: number): value is Bet {
  return (BETS as readonly number[]).includes(value);
}

export type Reels = [number, number, number];

export function spinReels(random: () => number): Reels {
  const reel = () => Math.min(REEL_SYMBOLS.length - 1, Math.floor(random() * REEL_SYMBOLS.length));
  return [reel(), reel(), reel()];
}

/**
 * What a bet pays back (0 when lost): three of a kind 10x, a pair 1.5x. Expected return is
 * about 90%, and a round never nets zero, so every round visibly moves the balance.
 */
export function payout(reels: Reels, bet: Bet): number {
  const [a, b, c] = reels;
  if (a === b && b === c) return bet * 10;
  if (a === b || b === c || a === c) return (bet * 3) / 2;
  return 0;
}
