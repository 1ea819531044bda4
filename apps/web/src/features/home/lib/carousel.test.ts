import { describe, expect, it } from 'vitest';
import {
  CARD_HEIGHT,
  CARD_SPACING,
  CARD_WIDTH,
  isShown,
  slideOffset,
  slideTransform,
  step,
} from '@/features/home/lib/carousel';

describe('3D carousel geometry (spec section 2)', () => {
  it('uses cards of 300 x 211 spaced 330 apart', () => {
    expect([CARD_WIDTH, CARD_HEIGHT, CARD_SPACING]).toEqual([300, 211, 330]);
    expect(slideTransform(1)).toContain('translateX(330px)');
    expect(slideTransform(-1)).toContain('translateX(-330px)');
    expect(slideTransform(0)).toContain('translateX(0px)');
  });

  it('shows three cards: the active one and one on each side, wrapping round', () => {
    const offsets = [0, 1, 2, 3, 4].map((index) => slideOffset(index, 0, 5));
    expect(offsets).toEqual([0, 1, 2, -2, -1]);
    expect(offsets.filter(isShown)).toHaveLength(3);
    expect([0, 1, 2, 3, 4].map((index) => slideOffset(index, 4, 5))).toEqual([1, 2, -2, -1, 0]);
  });

  it('puts the second of two cards on the right, and a lone card in the centre', () => {
    expect([0, 1].map((index) => slideOffset(index, 0, 2))).toEqual([0, 1]);
    expect([0, 1].map((index) => slideOffset(index, 1, 2))).toEqual([1, 0]);
    expect(slideOffset(0, 0, 1)).toBe(0);
  });

  it('steps forward and back with wrap-around', () => {
    expect(step(0, -1, 5)).toBe(4);
    expect(step(4, 1, 5)).toBe(0);
    expect(step(2, 1, 5)).toBe(3);
    expect(step(0, 1, 0)).toBe(0);
  });
});
