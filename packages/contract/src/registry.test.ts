import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi';
import { allEndpoints } from './registry';
import { buildPath, toOpenApiPath } from './endpoint';
import { routes, type RouteDef } from './routes';

describe('contract registry', () => {
  const endpoints = allEndpoints();

  it('declares every call of spec section 7 exactly once per method and path', () => {
    const keys = endpoints.map(({ def }) => `${def.method} ${def.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const expected of [
      'GET /api/lookup/enableChatWidget',
      'POST /api/account/validate',
      'PUT /api/account/changepwd',
      'POST /api/otp/verify',
      'POST /api/wallet/transferAll',
      'DELETE /api/qrcode/:qrcodeId',
      'GET /api/statement/slip/reference/:reference',
      'GET /api/autoLogin/askmebet/:username/:password',
      'PUT /api/chat/read-customer/',
      'POST /api/spinwheel/coupon/claim',
    ]) {
      expect(keys).toContain(expected);
    }
    expect(endpoints.filter(({ group }) => group === 'lookup')).toHaveLength(13);
    expect(endpoints.filter(({ group }) => group === 'autoLogin')).toHaveLength(11);
  });

  it('takes every endpoint method, path, access and transport facts from the route table', () => {
    const table = Object.entries(routes).flatMap(([group, defs]) =>
      Object.entries(defs as Record<string, RouteDef>).map(([name, route]) => ({
        group,
        name,
        route,
      })),
    );
    expect(table.map(({ group, name }) => `${group}.${name}`).sort()).toEqual(
      endpoints.map(({ group, name }) => `${group}.${name}`).sort(),
    );
    const transport = (def: RouteDef) => ({
      method: def.method,
      path: def.path,
      access: def.access,
      idempotent: def.idempotent ?? false,
      multipart: def.multipart ?? false,
      timeoutMs: def.timeoutMs,
      roles: def.roles,
      contentType: def.contentType,
      auditRead: def.auditRead ?? false,
    });
    for (const { group, name, def } of endpoints) {
      const route = (routes as Record<string, Record<string, RouteDef>>)[group]?.[name];
      expect(route, `${group}.${name}`).toBeDefined();
      expect(transport(def as RouteDef), `${group}.${name}`).toEqual(transport(route!));
    }
  });

  it('names the roles of every operator endpoint, and only of those (decision 0086)', () => {
    for (const { group, name, def } of endpoints) {
      if (def.access === 'operator') expect(def.roles, `${group}.${name}`).toBeDefined();
      else expect(def.roles, `${group}.${name}`).toBeUndefined();
      expect(def.roles ?? [], `${group}.${name}`).not.toContain('admin');
    }
  });

  it('audits reads only of operator GET endpoints, among them every CSV export (decision 0119)', () => {
    const audited = endpoints.filter(({ def }) => def.auditRead);
    expect(audited.length).toBeGreaterThan(0);
    for (const { group, name, def } of audited)
      expect([def.method, def.access], `${group}.${name}`).toEqual(['GET', 'operator']);
    for (const { group, name, def } of endpoints)
      if (def.contentType === 'text/csv') expect(def.auditRead, `${group}.${name}`).toBe(true);
  });

  it('declares path parameters that match the path', () => {
    for (const { def } of endpoints) {
      const inPath = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      expect(Object.keys(def.params?.shape ?? {}).sort(), def.path).toEqual(inPath);
    }
  });

  it('builds paths and OpenAPI paths', () => {
    expect(buildPath('/api/wallet/activate/:code', { code: 'PG' })).toBe('/api/wallet/activate/PG');
    expect(buildPath('/api/x/:a', { a: 'a/b' })).toBe('/api/x/a%2Fb');
    expect(() => buildPath('/api/x/:a', {})).toThrow();
    expect(toOpenApiPath('/api/a/:b/:c')).toBe('/api/a/{b}/{c}');
  });

  it('generates an OpenAPI document covering every endpoint', () => {
    const doc = buildOpenApiDocument('1.1.14') as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(operations).toBe(endpoints.length);
  });
});
