import { z } from 'zod';
import { IDEMPOTENCY_HEADER, toOpenApiPath, WALLET_USER_HEADER } from './endpoint';
import { errorCodes, giftLinkRefusalReasons } from './errors';
import { allEndpoints } from './registry';

/** The OpenAPI 3.1 document of the whole contract, generated from the zod schemas. */
export function buildOpenApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const json = (schema: z.ZodType, io: 'input' | 'output') =>
    z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  for (const { group, name, def } of allEndpoints()) {
    const path = toOpenApiPath(def.path);
    const parameters: unknown[] = [
      {
        name: WALLET_USER_HEADER,
        in: 'header',
        required: true,
        schema: { type: 'string', const: 'member' },
      },
    ];
    if (def.idempotent)
      parameters.push({
        name: IDEMPOTENCY_HEADER,
        in: 'header',
        // Members may leave it out (the spec's client sends none; decision 0053).
        required: def.access !== 'member',
        schema: { type: 'string', maxLength: 128 },
      });
    for (const key of Object.keys(def.params?.shape ?? {})) {
      parameters.push({ name: key, in: 'path', required: true, schema: { type: 'string' } });
    }
    const operation: Record<string, unknown> = {
      operationId: `${group}.${name}`,
      tags: [group],
      summary: def.summary,
      parameters,
      responses: {
        '200': {
          description: 'OK',
          content: {
            [def.contentType ?? 'application/json']: { schema: json(def.response, 'output') },
          },
        },
        default: {
          description: 'A catalogue error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      'x-milestone': def.milestone,
    };
    if (def.access !== 'public') operation.security = [{ bearer: [] }];
    if (def.multipart) {
      operation.requestBody = {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'string', format: 'binary' } },
              required: ['file'],
            },
          },
        },
      };
    } else if (def.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: json(def.body, 'input') } },
      };
    }
    (paths[path] ??= {})[def.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Member wallet API', version },
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            message: { type: 'string', enum: [...errorCodes, 'gone'] },
            retryAfterSeconds: {
              type: 'integer',
              description: 'A lock or limit: seconds to wait (also the Retry-After header)',
            },
            field: { type: 'string', description: 'The request field the failure is about' },
            retryAt: {
              type: ['string', 'null'],
              description:
                'Player protection (decision 0139): from when the call can succeed; null: never as asked',
            },
            remaining: {
              type: 'number',
              description: 'Player protection: baht that still fit within the limit now',
            },
            reason: {
              type: 'string',
              enum: [...giftLinkRefusalReasons],
              description: 'Why a gift link is refused (with TRUELINK_INVALID)',
            },
          },
          required: ['message'],
        },
      },
    },
  };
}
