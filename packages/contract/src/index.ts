export * from './endpoint';
export * from './entities';
export * from './errors';
export * from './money';
export * from './providers';
export * from './registry';
export { buildOpenApiDocument } from './openapi';

/** The product version shown to users (spec section 1). */
export const APP_VERSION = '1.1.14';
