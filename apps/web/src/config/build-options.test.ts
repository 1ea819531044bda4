import { describe, expect, it } from 'vitest';
import { chatBackendOf, readBuildOptions } from './build-options';

describe('chat backend build option (decision 0100)', () => {
  it('is this server unless the build says off', () => {
    expect(readBuildOptions({}).chatBackend).toBe('');
    expect(chatBackendOf('')).toBe('');
    expect(chatBackendOf('https://chat.example')).toBe('');
    for (const off of ['off', 'OFF', ' false ', 'none', '0']) expect(chatBackendOf(off)).toBeNull();
  });
});
