import { describe, expect, it } from 'vitest';
import type { registrationSchema } from '@wallet/contract';
import { loginSchema } from '@wallet/contract';
import { DomainError } from '../lib/domain-error';
import { acceptsGzip, inputErrorCode, parseInput } from './contract-route';

const codeFor = (schema: typeof loginSchema | typeof registrationSchema, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) return 'OK';
  return inputErrorCode(result.error.issues, input);
};

describe('input validation codes', () => {
  it('maps a missing field to KEY_MISSING', () => {
    expect(codeFor(loginSchema, { username: 'a' })).toBe('KEY_MISSING');
    expect(codeFor(loginSchema, undefined)).toBe('KEY_MISSING');
  });

  it('maps wrong types, bad formats and unknown fields to KEY_INVALID', () => {
    expect(codeFor(loginSchema, { username: 1, password: 'x' })).toBe('KEY_INVALID');
    expect(codeFor(loginSchema, { username: 'a', password: 'x', role: 'admin' })).toBe(
      'KEY_INVALID',
    );
    expect(codeFor(loginSchema, { username: '', password: 'x' })).toBe('KEY_INVALID');
    expect(codeFor(loginSchema, 'username=a')).toBe('KEY_INVALID');
    expect(codeFor(loginSchema, [1])).toBe('KEY_INVALID');
    expect(codeFor(loginSchema, { username: null, password: 'x' })).toBe('KEY_INVALID');
  });

  it('prefers KEY_MISSING when a field is missing and another is malformed', () => {
    expect(codeFor(loginSchema, { username: 5 })).toBe('KEY_MISSING');
  });

  it('parseInput returns parsed data or throws a 400 DomainError', () => {
    expect(parseInput(loginSchema, { username: 'a', password: 'b' })).toEqual({
      username: 'a',
      password: 'b',
    });
    try {
      parseInput(loginSchema, {});
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).statusCode).toBe(400);
      expect((error as DomainError).code).toBe('KEY_MISSING');
    }
  });
});

describe('acceptsGzip', () => {
  it('accepts gzip, x-gzip and * unless their q is 0', () => {
    for (const header of ['gzip', 'gzip, deflate, br', 'br;q=1.0, GZIP;q=0.5', 'x-gzip', '*'])
      expect(acceptsGzip(header), header).toBe(true);
    for (const header of [undefined, '', 'br', 'identity', 'gzip;q=0', 'gzip; q=0.0', 'gzipped'])
      expect(acceptsGzip(header), String(header)).toBe(false);
  });
});
