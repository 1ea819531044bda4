// Markers of harm in the console (issue 28, decision 0146): the queue, notes, the contacted
// mark, the thresholds (admins change them, through the settings store) and the tool counts.
import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { setSetting } from '../settings';
import { ProtectionError } from './protection.errors';
import * as harm from './harm.service';

export async function harmRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const g = api.operatorHarm;
  const memberIdOf = async (memberNo: string) => {
    const id = await harm.harmMemberIdOf(deps.db, memberNo);
    if (id === undefined) throw new ProtectionError('NO_USER');
    return id;
  };

  route(app, g.queue, {}, ({ query }) => harm.harmQueue(deps, query));
  route(app, g.addNote, {}, async ({ operator, params, body, audit }) => {
    const note = await harm.addHarmNote(
      deps,
      await memberIdOf(params.memberNo),
      operator,
      body.text,
    );
    audit({ target: `member:${params.memberNo}`, after: { note: body.text } });
    return note;
  });
  route(app, g.contacted, {}, async ({ operator, params, audit }) => {
    const contacted = await harm.markContacted(deps, await memberIdOf(params.memberNo), operator);
    audit({ target: `member:${params.memberNo}`, after: { contacted } });
    return contacted;
  });
  route(app, g.settings, {}, () => harm.harmSettings(deps.db));
  route(app, g.saveSettings, {}, async ({ body, audit }) => {
    const before = await harm.harmSettings(deps.db);
    await setSetting(deps.db, deps.clock, 'harm', body);
    const after = await harm.harmSettings(deps.db);
    audit({ target: 'setting:harm', before, after });
    return after;
  });
  route(app, g.tools, {}, () => harm.toolUsage(deps));
}
