// Request-path helpers shared by the error handler and the modules' hooks (auth's
// wallet-user check, site's 'gone' answer). They live below the modules, so http/ needs
// no module for them (decision 0063).

export const pathOf = (url: string): string => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

/** Outside parties' signed callbacks (QR gateways): no member header, no token. */
export const isWebhookPath = (path: string): boolean => path.startsWith('/api/webhooks/');

/**
 * Images an `<img>` loads (the promotion banners, decision 0077): a browser sends no member
 * header with them, and they are the same for everyone.
 */
export const isPublicArtPath = (path: string): boolean => path.startsWith('/api/promotions/art/');
