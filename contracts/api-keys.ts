import { z } from 'zod';
import { API_KEY_SCOPES } from './api-paths';
import { nameText } from './text';

/**
 * Personal API keys (docs/api.md): `POST /prod-api/developer/keys {name, scopes}` answers the key once;
 * `GET` lists them without it; `DELETE …/{id}` revokes one. A key is sent as `Authorization: Bearer ty_live_…`.
 */
export const API_KEY_PREFIX = 'ty_live_';
/** Keys one person may hold at once (revoked ones do not count). */
export const API_KEY_MAX = 20;
/** Calls one key may make per minute, apart from the person's own use of the app. */
export const API_KEY_RATE = { max: 120, windowMs: 60_000 } as const;

export const createKeyBody = z.object({
  name: nameText(60),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1).max(API_KEY_SCOPES.length),
});
export type CreateKeyBody = z.infer<typeof createKeyBody>;

export const keyIdParam = z.object({ id: z.coerce.number().int().positive() });

/** A key as the list shows it: never the key itself, only its first characters. */
export interface ApiKeySummary {
  id: number;
  name: string;
  /** The key's first characters, so its owner can tell which one a program uses. */
  prefix: string;
  scopes: (typeof API_KEY_SCOPES)[number][];
  createTime: number;
  /** Epoch ms of the key's last accepted call, null before the first. */
  lastUsedTime: number | null;
  revokedTime: number | null;
}

/** The answer to creating a key: the only time the key is shown. */
export interface CreatedApiKey {
  id: number;
  key: string;
}
