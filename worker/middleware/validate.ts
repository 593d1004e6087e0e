import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { Code } from '../../contracts/errors';
import { ApiError, badRequest } from '../lib/errors';
import { validatedParts } from '../lib/validated-schemas';

/**
 * `zValidator` whose failures become the 400 envelope instead of Hono's default body. The detail names
 * each failing field so a client (or a person reading the toast) knows what to fix.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) {
      // An editor's save names a bad line by its number, never by a field path a person cannot read.
      const [field, index, part] = result.error.issues[0]?.path ?? [];
      if (field === 'lines' && typeof index === 'number') {
        throw new ApiError(Code.BAD_REQUEST, part === 'speaker' ? 'lineSpeakerInvalid' : 'lineInvalid', { n: index + 1 }, { line: index });
      }
      const detail = result.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
      throw badRequest(detail);
    }
  });
  validatedParts.set(validator, { target, schema });
  return validator;
}
