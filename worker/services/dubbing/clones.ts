import { and, eq, inArray } from 'drizzle-orm';
import type { SpeakerClone } from '../../../contracts/dubbing';
import { DUB_ENGINE_PATHS, type DeleteClonesRequest } from '../../../contracts/dubbing-engine';
import type { Db } from '../../db/client';
import { dubProjects } from '../../db/schema';
import { chunks } from '../../lib/batch';
import { providers, type ProviderEnv } from '../providers';

/**
 * Speakers' clones at the cloning provider go with their project: read before the records are deleted (the
 * rows go by cascade), then deleted at the provider through the engine, which holds the provider's key. A
 * reference sample is an object under the project's R2 prefix and goes with its videos.
 */

/** The provider-kept clones of the caller's dubbing projects among `ids`. */
export async function projectClones(db: Db, userId: number, ids: number[]): Promise<SpeakerClone[]> {
  const rows = (
    await Promise.all(
      chunks(ids).map((part) =>
        db
          .select({ clones: dubProjects.clones })
          .from(dubProjects)
          .where(and(eq(dubProjects.userId, userId), inArray(dubProjects.recordId, part))),
      ),
    )
  ).flat();
  return rows.flatMap((r) => Object.values(r.clones)).filter((c) => c.voice !== null);
}

/**
 * Asks the provider to delete the clones. A provider that cannot be reached leaves them there, logged with
 * their ids, rather than keeping the records the user deleted.
 */
export async function deleteClones(env: ProviderEnv, clones: SpeakerClone[]): Promise<void> {
  const byProvider = new Map<SpeakerClone['provider'], string[]>();
  for (const c of clones) byProvider.set(c.provider, [...(byProvider.get(c.provider) ?? []), c.voice!]);
  for (const [provider, voices] of byProvider) {
    const body: DeleteClonesRequest = { provider, voices };
    await providers(env)
      .engine.postJson(DUB_ENGINE_PATHS.deleteClones, body)
      .catch((err: unknown) => console.error(JSON.stringify({ level: 'warn', clonesNotDeleted: { provider, voices }, reason: String(err) })));
  }
}
