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
