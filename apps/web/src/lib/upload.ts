// Multipart uploads with progress through the member app's API client (`@wallet/client/upload`:
// XMLHttpRequest, the same headers and answer rules as every other /api call, the route's own
// timeout).
import type { RouteDef } from '@wallet/contract/routes';
import { uploadFile as upload, type UploadOptions } from '@wallet/client/upload';
import { apiClient } from '@/lib/api-client';

export type { UploadOptions };

export const uploadFile = <R extends RouteDef>(route: R, options: UploadOptions) =>
  upload(apiClient, route, options);
