import {
  errorCodes,
  itemStates,
  statusVocabularies,
  statusVocabularyNames,
} from '@wallet/contract/client';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { th } from './th';

/** Every dotted key of a catalogue with its text. */
function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object')
      for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('console catalogues', () => {
  const thKeys = flatten(th);
  const enKeys = flatten(en);

  it('have the same keys in th and en, each a non-empty text', () => {
    expect([...enKeys.keys()].sort()).toEqual([...thKeys.keys()].sort());
    for (const [key, text] of [...thKeys, ...enKeys]) {
      expect(typeof text, key).toBe('string');
      expect((text as string).trim(), key).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, text] of thKeys)
      expect(placeholders(enKeys.get(key) as string), key).toEqual(placeholders(text as string));
  });

  it('translate every error code of the contract, the sign-in ones included', () => {
    for (const code of [
      ...errorCodes,
      'UNAUTHORIZED',
      'WRONG_CREDENTIAL',
      'OTP_CODE_INVALID',
      'REQUEST_LIMIT',
      'REQUEST_LIMIT_1MIN',
      'KEY_MISSING',
      'KEY_INVALID',
      'NO_DATA',
      'INTERNAL_SERVER_ERROR',
      'NETWORK_ERROR',
      'TIMEOUT',
    ]) {
      expect(thKeys.get(`errors.${code}`), `th ${code}`).toBeTruthy();
      expect(enKeys.get(`errors.${code}`), `en ${code}`).toBeTruthy();
    }
  });

  it('name every status of every vocabulary of the contract, and every state (issue 26)', () => {
    for (const name of statusVocabularyNames)
      for (const value of Object.keys(statusVocabularies[name])) {
        expect(thKeys.get(`status.${name}.${value}`), `th ${name}.${value}`).toBeTruthy();
        expect(enKeys.get(`status.${name}.${value}`), `en ${name}.${value}`).toBeTruthy();
      }
    for (const state of itemStates) expect(thKeys.get(`status.state.${state}`)).toBeTruthy();
  });

  it('write the Thai catalogue in Thai', () => {
    const thai = [...thKeys.values()].filter((text) => /[\u0E00-\u0E7F]/.test(text as string));
    // Everything but proper names and the language's own name is Thai.
    expect(thai.length).toBeGreaterThan(thKeys.size * 0.9);
  });
});
