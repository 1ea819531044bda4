import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderUnknownOutcome } from '../ports/game-provider';
import { SandboxGameProvider } from '../adapters/sandbox-game-provider';
import { httpRequest } from './http-client';

// A local server whose behaviour each test picks by path.
let server: http.Server;
let base: string;
let connections = 0;
const seen: { method: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', headers: req.headers, body });
      if (req.url === '/silent') return; // never answers
      if (req.url === '/cut') {
        res.writeHead(200, { 'content-length': '100' });
        res.write('{"half":');
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      if (req.url === '/large') {
        res.writeHead(200);
        res.end('x'.repeat(5000));
        return;
      }
      if (req.url === '/provider/PG/transfers') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ref: 'GT-1', status: 'APPLIED', balance: 700 }));
        return;
      }
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ echo: body, key: req.headers['x-key'] ?? null }));
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('httpRequest', () => {
  it('sends the method, headers and body, answers status and text, and keeps the connection', async () => {
    const before = connections;
    for (let i = 0; i < 5; i++) {
      const answer = await httpRequest(`${base}/echo`, {
        method: 'POST',
        headers: { 'x-key': 'k1', 'content-type': 'application/json' },
        body: JSON.stringify({ i, text: 'ไทย' }),
        timeoutMs: 2000,
      });
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.text)).toEqual({
        echo: JSON.stringify({ i, text: 'ไทย' }),
        key: 'k1',
      });
    }
    expect(connections - before).toBe(1);
    expect(seen.at(-1)?.headers['content-length']).toBe(
      String(Buffer.byteLength(JSON.stringify({ i: 4, text: 'ไทย' }))),
    );
  });

  it('fails after the deadline when the other side never answers', async () => {
    const started = Date.now();
    await expect(
      httpRequest(`${base}/silent`, { method: 'GET', headers: {}, timeoutMs: 150 }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails when the answer is cut off or larger than allowed', async () => {
    await expect(
      httpRequest(`${base}/cut`, { method: 'GET', headers: {}, timeoutMs: 2000 }),
    ).rejects.toThrow();
    await expect(
      httpRequest(`${base}/large`, { method: 'GET', headers: {}, timeoutMs: 2000, maxBytes: 1000 }),
    ).rejects.toMatchObject({ name: 'AnswerTooLargeError' });
  });

  it('fails when nobody listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      httpRequest(`http://127.0.0.1:${port}/`, { method: 'GET', headers: {}, timeoutMs: 2000 }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('SandboxGameProvider over the kept-alive client (no fetch handed in)', () => {
  it('reads a transfer answer, and an answer that never comes is an unknown outcome', async () => {
    const provider = new SandboxGameProvider({ baseUrl: base, apiKey: 'key', timeoutMs: 2000 });
    const result = await provider.transfer('PG', {
      ref: 'GT-1',
      username: 'pg1',
      direction: 'in',
      amount: 100,
    });
    expect(result).toMatchObject({ status: 'APPLIED', balance: 700 });
    expect(seen.at(-1)?.headers['x-sandbox-key']).toBe('key');
    expect(JSON.parse(seen.at(-1)?.body ?? '{}')).toMatchObject({ ref: 'GT-1', amount: 100 });

    const silent = new SandboxGameProvider({
      baseUrl: `${base}/silent#`,
      apiKey: 'key',
      timeoutMs: 150,
    });
    await expect(silent.balance('PG', 'pg1')).rejects.toBeInstanceOf(ProviderUnknownOutcome);
  });
});
