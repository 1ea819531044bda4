// Geometry of the 3D game carousels (spec section 2): cards 300 x 211 px, three shown (the
// active one and one each side), spaced 330 px apart, wrapping around.
export const CARD_WIDTH = 300;
export const CARD_HEIGHT = 211;
export const CARD_SPACING = 330;
export const VISIBLE_EACH_SIDE = 1;

/** Position of card `index` relative to the active one, wrapping: -1 left, 0 centre, 1 right. */
export function slideOffset(index: number, active: number, count: number): number {
  if (count <= 1) return 0;
  let offset = (((index - active) % count) + count) % count;
  // With two cards the other one sits on the right; otherwise take the nearer way round.
  if (count > 2 && offset > count / 2) offset -= count;
  return offset;
}

export function isShown(offset: number): boolean {
  return Math.abs(offset) <= VISIBLE_EACH_SIDE;
}

/** The CSS transform of a card at `offset`: side cards step back and turn toward the centre. */
export function slideTransform(offset: number): string {
  if (offset === 0) return 'translateX(0px) translateZ(0px) rotateY(0deg)';
  const side = Math.sign(offset);
  const steps = Math.abs(offset);
  return `translateX(${offset * CARD_SPACING}px) translateZ(${-220 * steps}px) rotateY(${-side * 35}deg)`;
}

/** Next active index after a move of `delta` cards, wrapping. */
export function step(active: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((active + delta) % count) + count) % count;
}
