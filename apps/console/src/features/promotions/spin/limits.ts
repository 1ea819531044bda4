// The wheel's limits (the server refuses more).
export const SPIN_MAX_SLICES = 24;
export const SPIN_MAX_WEIGHT = 1_000_000;
