import { describe, expect, it } from 'vitest';
import { CHAT_PREVIEW_MAX, chatPreviewOf } from './chat-preview';

describe('chatPreviewOf: the inbox preview as data (issue 26)', () => {
  it('keeps what a text, buttons, cards and a postback say, on one line', () => {
    expect(chatPreviewOf('text', '  hello\n  there ')).toEqual({
      type: 'text',
      text: 'hello there',
    });
    expect(chatPreviewOf('buttons', { text: 'Pick one', buttons: [] })).toEqual({
      type: 'buttons',
      text: 'Pick one',
    });
    expect(chatPreviewOf('generic', { cards: [{ title: 'Bonus' }, { title: 'Other' }] })).toEqual({
      type: 'generic',
      text: 'Bonus',
    });
    expect(chatPreviewOf('postback', { title: 'Deposit', payload: 'D' })).toEqual({
      type: 'postback',
      text: 'Deposit',
    });
    const long = chatPreviewOf('text', 'x'.repeat(500)).text!;
    expect(long).toHaveLength(CHAT_PREVIEW_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('names a file by its kind only, an item by its kind and reference, a system event', () => {
    expect(chatPreviewOf('media', { fileType: 'image', message: 'IMG_1.png' })).toEqual({
      type: 'media',
      fileType: 'image',
    });
    expect(chatPreviewOf('media', { fileType: 'video' })).toEqual({
      type: 'media',
      fileType: 'video',
    });
    expect(chatPreviewOf('media', { fileType: 'exe' })).toEqual({
      type: 'media',
      fileType: 'file',
    });
    expect(chatPreviewOf('context', { kind: 'withdrawal', ref: 'WD1', title: 'x' })).toEqual({
      type: 'context',
      item: { kind: 'withdrawal', ref: 'WD1' },
    });
    expect(chatPreviewOf('context', { kind: 'other', ref: 'X' })).toEqual({ type: 'context' });
    expect(chatPreviewOf('system', { event: 'closed', by: 'support' })).toEqual({
      type: 'system',
      event: 'closed',
    });
    expect(chatPreviewOf('sticker', { id: 1 })).toEqual({ type: 'sticker' });
    expect(chatPreviewOf('text', { not: 'a string' })).toEqual({ type: 'text' });
  });
});
