import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';

/**
 * Which schema each request validator checks (filled by middleware/validate.ts), so the OpenAPI document
 * (lib/openapi.ts) describes exactly what the served routes accept, from the same zod contracts.
 */
export interface ValidatedPart {
  target: keyof ValidationTargets;
  schema: ZodType;
}
export const validatedParts = new WeakMap<object, ValidatedPart>();
