// The operator's settings routes (issue 13, decision 0093). Content: marketing and admin;
// money and site: admin (roles in the contract). Every change is audited with its before and
// after under `setting:<key>`.
import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import type { AuditNote } from '../../http/contract-route';
import { route } from '../../http/contract-route';
import * as home from './settings.home';
import * as operator from './settings.operator';

/** Notes the change for the audit row and answers what is now stored. */
function audited<T>(audit: (note: AuditNote) => void, change: operator.SettingChange<T>): T {
  audit({ target: change.target, before: change.before, after: change.after });
  return change.after;
}

export async function settingsOperatorRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const group = api.operatorSettings;
  route(app, group.getContent, {}, () => operator.contentSettings(deps));
  route(app, group.setInfo, {}, async ({ body, audit }) =>
    audited(audit, await operator.setInfo(deps, body)),
  );
  route(app, group.setContact, {}, async ({ body, audit }) =>
    audited(audit, await operator.setContact(deps, body)),
  );
  route(app, group.setConditions, {}, async ({ body, audit }) =>
    audited(audit, await operator.setConditions(deps, body.conditions)),
  );
  route(app, group.setAgreements, {}, async ({ body, audit }) =>
    audited(audit, await operator.setAgreements(deps, body.agreements)),
  );
  route(app, group.setNotice, {}, async ({ body, audit }) =>
    audited(audit, await operator.setNotice(deps, body.notice)),
  );
  route(app, group.getSite, {}, () => operator.siteSettings(deps));
  route(app, group.setDeposit, {}, async ({ body, audit }) =>
    audited(audit, await operator.setDeposit(deps, body)),
  );
  route(app, group.setWithdraw, {}, async ({ body, audit }) =>
    audited(audit, await operator.setWithdraw(deps, body)),
  );
  route(app, group.setSlip, {}, async ({ body, audit }) =>
    audited(audit, await operator.setSlip(deps, body)),
  );
  route(app, group.setChat, {}, async ({ body, audit }) =>
    audited(audit, await operator.setChat(deps, body.enableChatWidget)),
  );
  // The home's banner carousel and announcement line (issue 26, decision 0134).
  const homeGroup = api.operatorHome;
  route(app, homeGroup.get, {}, () => home.homeSettings(deps));
  route(app, homeGroup.setBanners, {}, async ({ body, audit }) =>
    audited(audit, await home.setHomeBanners(deps, body.banners)),
  );
  route(app, homeGroup.setAnnouncement, {}, async ({ body, audit }) =>
    audited(audit, await home.setAnnouncement(deps, body)),
  );
}
