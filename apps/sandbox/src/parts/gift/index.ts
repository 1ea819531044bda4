import { acceptEmptyJsonBodies } from '../../lib/json-body.js';
import type { SandboxPart } from '../part.js';
import { registerGiftPages } from './gift.pages.routes.js';
import { registerGiftApi } from './gift.routes.js';
import type { GiftStore } from './gift.store.js';

export { GiftStore, type GiftSnapshot } from './gift.store.js';

/** A TrueMoney-like gift-voucher issuer: links worth an amount, received exactly once. */
export function giftPart(store: GiftStore): SandboxPart {
  return {
    id: 'gift',
    title: 'Gift links',
    summary:
      'A TrueMoney-like gift-voucher issuer: a link worth a fixed amount, created from the owner’s phone and received by another wallet exactly once.',
    pages: [{ label: 'Gift links', href: '/gift' }],
    api: [
      {
        method: 'POST',
        path: '/gift/vouchers',
        description:
          '{ ownerMobile, amount, expiresInSeconds? } -> 201 { hash, link, amount, ownerMobile, expiresAt }.',
      },
      {
        method: 'GET',
        path: '/gift/vouchers/:hash',
        description:
          '{ hash, amount, ownerMobile, status: active|redeemed|expired, expiresAt }; 404 VOUCHER_NOT_FOUND.',
      },
      {
        method: 'POST',
        path: '/gift/vouchers/:hash/redeem',
        description:
          '{ mobile } -> { hash, amount, ownerMobile, redeemedAt, status: SUCCESS } once; 409 VOUCHER_OUT_OF_STOCK, 410 VOUCHER_EXPIRED, 400 CANNOT_GET_OWN_VOUCHER.',
      },
      { method: 'GET', path: '/gift/vouchers', description: 'Vouchers, newest first.' },
    ],
    register: async (app, context) => {
      await app.register(async (api) => {
        acceptEmptyJsonBodies(api);
        registerGiftApi(api, store, context);
      });
      await app.register(async (pages) => registerGiftPages(pages, store, context));
    },
  };
}
