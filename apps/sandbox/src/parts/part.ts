import type { FastifyInstance } from 'fastify';
import type { SandboxConfig } from '../config.js';

/** What every part of the simulated outside world receives when it is registered. */
export interface PartContext {
  config: SandboxConfig;
  now: () => Date;
}

export interface PartRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  description: string;
}

/**
 * One simulated outside party (SMS gateway now; game provider, bank/QR gateway, slips,
 * gift links and payouts in later issues). A part owns the routes under its prefix and
 * describes itself for the landing page.
 */
export interface SandboxPart {
  id: string;
  title: string;
  summary: string;
  /** Pages a tester opens in a browser. */
  pages: { label: string; href: string }[];
  /** The HTTP API the product server (or a test) calls. */
  api: PartRoute[];
  register(app: FastifyInstance, context: PartContext): void | Promise<void>;
}
