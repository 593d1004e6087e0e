import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { badRequest } from '../lib/errors';

/**
 * `zValidator` whose failures become the 400 envelope instead of Hono's default body. The detail names
 * each failing field so a client (or a person reading the toast) knows what to fix.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const detail = result.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
      throw badRequest(detail);
    }
  });
}
