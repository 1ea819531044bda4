import { it } from 'vitest';
import { activate, newMember } from '../../test/game-support';
import { forEachDialect } from '../../test/helpers';
import { deposit } from '../../test/bonus-support';

forEachDialect('dbg', (get_) => {
  it('x', async () => {
    const t = get_();
    let s = Date.now();
    const ms = [];
    for (let i = 0; i < 30; i++) ms.push(await newMember(t));
    console.log('register', (Date.now() - s) / 30);
    s = Date.now();
    for (const m of ms) await activate(t, m, 'PG');
    console.log('activate', (Date.now() - s) / 30);
    s = Date.now();
    for (const m of ms) await deposit(t, m, 10000);
    console.log('gift', (Date.now() - s) / 30);
    s = Date.now();
    for (const m of ms) await t.call('GET', '/api/bonus/turnover', { token: m.token });
    console.log('turnover', (Date.now() - s) / 30);
  });
});
