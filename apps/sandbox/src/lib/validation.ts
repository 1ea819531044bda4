import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

export interface Issue {
  path: string;
  message: string;
}

/** zod issues as `{ path, message }` pairs for 400 answers. */
export function toIssues(error: z.ZodError): Issue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** A 400 answer for a body or query that failed its schema. */
export function invalid(reply: FastifyReply, error: z.ZodError, what: 'BODY' | 'QUERY' = 'BODY') {
  return reply.code(400).send({ error: `INVALID_${what}`, issues: toIssues(error) });
}
