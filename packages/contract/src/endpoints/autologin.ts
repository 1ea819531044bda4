import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';

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
    ...routes.autoLogin.pg,
    summary: 'PG launch link',
    params: user,
    response: link,
    milestone: 3,
  }),
  betflix: endpoint({
    ...routes.autoLogin.betflix,
    summary: 'BETFLIX launch link',
    params: user,
    response: link,
    milestone: 3,
  }),
  askmebet: endpoint({
    ...routes.autoLogin.askmebet,
    summary: 'ASKMEBET launch link',
    params: userPass,
    response: link,
    milestone: 3,
  }),
  imi: endpoint({
    ...routes.autoLogin.imi,
    summary: 'IMI launch link',
    params: userPass,
    response: link,
    milestone: 3,
  }),
  usun: endpoint({
    ...routes.autoLogin.usun,
    summary: 'USUN launch link',
    params: userPass,
    response: link,
    milestone: 3,
  }),
  areaslot: endpoint({
    ...routes.autoLogin.areaslot,
    summary: 'AREASLOT launch link',
    params: user,
    response: link,
    milestone: 3,
  }),
  circus: endpoint({
    ...routes.autoLogin.circus,
    summary: 'CIRCUS launch link',
    params: userPass,
    response: link,
    milestone: 3,
  }),
  slotracha: endpoint({
    ...routes.autoLogin.slotracha,
    summary: 'SLOTRACHA launch link',
    params: userPass,
    response: link,
    milestone: 3,
  }),
  pgslot: endpoint({
    ...routes.autoLogin.pgslot,
    summary: 'PGSLOT launch link',
    params: userPass,
    response: link,
    milestone: 3,
  }),
  joker2: endpoint({
    ...routes.autoLogin.joker2,
    summary: 'JOKER2 launch link',
    params: user,
    response: link,
    milestone: 3,
  }),
  huayhd: endpoint({
    ...routes.autoLogin.huayhd,
    summary: 'HUAYHD launch link',
    params: user,
    response: link,
    milestone: 3,
  }),
};
