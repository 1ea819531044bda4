import { z } from 'zod';
import { endpoint } from '../endpoint';

const link = z.object({ link: z.string() });
const user = z.object({ username: z.string().min(1).max(64) });
const userPass = z.object({
  username: z.string().min(1).max(64),
  password: z.string().min(1).max(128),
});

// Game auto-login links (spec section 7 table). The server checks that the username is the
// caller's own game account before asking the provider for a link.
export const autoLoginEndpoints = {
  pg: endpoint({
    method: 'GET',
    path: '/api/autoLogin/pg/:username',
    access: 'member',
    summary: 'PG launch link',
    params: user,
    response: link,
    milestone: 3,
  }),
  betflix: endpoint({
    method: 'GET',
    path: '/api/autoLogin/betflix/:username',
    access: 'member',
    summary: 'BETFLIX launch link',
    params: user,
    response: link,
    milestone: 3,
  }),
  askmebet: endpoint({
    method: 'GET',
    path: '/api/autoLogin/askmebet/:username/:password',
    access: 'member',
    summary: 'ASKMEBET launch link',
    params: userPass,
    response: link,
    milestone: 3,
  }),
  imi: endpoint({
    method: 'GET',
    path: '/api/autoLogin/imi/:username/:password',
    access: 'member',
    summary: 'IMI launch link',
    params: userPass,
    response: link,
    milestone: 3,
  }),
  usun: endpoint({
    method: 'GET',
    path: '/api/autoLogin/usun/:username/:password',
    access: 'member',
    summary: 'USUN launch link',
    params: userPass,
    response: link,
    milestone: 3,
  }),
  areaslot: endpoint({
    method: 'GET',
    path: '/api/autoLogin/areaslot/:username',
    access: 'member',
    summary: 'AREASLOT launch link',
    params: user,
    response: link,
    milestone: 3,
  }),
  circus: endpoint({
    method: 'GET',
    path: '/api/autoLogin/circus/:username/:password',
    access: 'member',
    summary: 'CIRCUS launch link',
    params: userPass,
    response: link,
    milestone: 3,
  }),
  slotracha: endpoint({
    method: 'GET',
    path: '/api/autoLogin/slotracha/:username/:password',
    access: 'member',
    summary: 'SLOTRACHA launch link',
    params: userPass,
    response: link,
    milestone: 3,
  }),
  pgslot: endpoint({
    method: 'GET',
    path: '/api/autoLogin/pgslot/:username/:password',
    access: 'member',
    summary: 'PGSLOT launch link',
    params: userPass,
    response: link,
    milestone: 3,
  }),
  joker2: endpoint({
    method: 'GET',
    path: '/api/autoLogin/joker2/:username',
    access: 'member',
    summary: 'JOKER2 launch link',
    params: user,
    response: link,
    milestone: 3,
  }),
  huayhd: endpoint({
    method: 'GET',
    path: '/api/autoLogin/huayhd/:username',
    access: 'member',
    summary: 'HUAYHD launch link',
    params: user,
    response: link,
    milestone: 3,
  }),
};
