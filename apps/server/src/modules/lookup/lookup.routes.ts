import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { homePromotions } from '../settings';
import * as service from './lookup.service';

export async function lookupRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const l = api.lookup;
  route(app, l.banks, {}, () => service.banks(db));
  route(app, l.deposit, {}, () => service.deposit(db));
  route(app, l.conditions, {}, ({ locale }) => service.conditions(db, locale));
  route(app, l.agreements, {}, ({ locale }) => service.agreements(db, locale));
  route(app, l.info, {}, ({ locale }) => service.info(db, locale));
  route(app, l.notice, {}, ({ locale }) => service.notice(db, locale));
  route(app, l.contact, {}, ({ locale }) => service.contact(db, locale));
  route(app, l.withdraw, {}, () => service.withdraw(db));
  route(app, l.slip, {}, () => service.slip(db));
  route(app, l.sources, {}, ({ locale }) => service.sources(db, locale));
  route(app, l.active, {}, () => service.active(db));
  route(app, l.registerOTP, {}, () => service.registerOtp(db));
  route(app, l.enableChatWidget, {}, () => service.enableChatWidget(db));
  // The home's banner carousel and announcement line (issue 26, decision 0134): what is on
  // now, in the member's language.
  route(app, api.home.promotions, {}, ({ locale }) => homePromotions(db, app.deps.clock, locale));
}
