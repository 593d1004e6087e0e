/**
 * A fake of a Vectorize index as a Worker's binding serves it (Cloudflare's Vectorize API reference), for the tests
 * of semantic retrieval, which cannot reach Vectorize (it has no local simulation). It follows the documented
 * contract the Worker relies on:
 * - `upsert` replaces a vector with the same id in full (values and metadata); `insert` keeps an existing id;
 *   mutations answer a `mutationId`; ids longer than 64 bytes and vectors of other dimensions are refused;
 * - `query` scores by the index's metric (cosine here), best first, and returns at most `topK` matches (default
 *   5); topK above 100, or above 50 with values or all metadata returned, is refused;
 * - `filter` matches on metadata properties with a metadata index (created before the vectors were written):
 *   `{ p: v }` and `$eq`, `$ne`, `$in`, `$nin`, `$lt`, `$lte`, `$gt`, `$gte`; a vector lacking an indexed
 *   property (or a filter on an unindexed one) does not match;
 * - `deleteByIds` removes those ids, unknown ids ignored; `getByIds` returns the stored vectors.
 * Mutations apply at once (the service applies them within seconds), and every query is recorded.
 */
type Metadata = Record<string, VectorizeVectorMetadata>;
type Stored = { id: string; values: number[]; metadata: Metadata };
type Op = '$eq' | '$ne' | '$in' | '$nin' | '$lt' | '$lte' | '$gt' | '$gte';

const cosine = (a: number[], b: number[]) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [i, x] of a.entries()) {
    dot += x * b[i]!;
    na += x * x;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
};

function holds(value: unknown, condition: unknown): boolean {
  if (condition === null || typeof condition !== 'object') return value === condition;
  return Object.entries(condition as Partial<Record<Op, unknown>>).every(([op, arg]) => {
    switch (op as Op) {
      case '$eq':
        return value === arg;
      case '$ne':
        return value !== arg;
      case '$in':
        return (arg as unknown[]).includes(value);
      case '$nin':
        return !(arg as unknown[]).includes(value);
      case '$lt':
        return (value as number) < (arg as number);
      case '$lte':
        return (value as number) <= (arg as number);
      case '$gt':
        return (value as number) > (arg as number);
      case '$gte':
        return (value as number) >= (arg as number);
      default:
        throw new Error(`VECTOR_QUERY_ERROR: unsupported filter operator ${op}`);
    }
  });
}

export function fakeVectorize({ dimensions = 1024, metadataIndexes = ['userId', 'recordId'] } = {}) {
  const vectors = new Map<string, Stored>();
  const queries: { vector: number[]; options: VectorizeQueryOptions }[] = [];
  let mutations = 0;
  const mutation = () => ({ mutationId: `m-${++mutations}` });
  const check = (v: VectorizeVector) => {
    if (new TextEncoder().encode(v.id).length > 64) throw new Error(`VECTOR_INSERT_ERROR: id ${v.id} is longer than 64 bytes`);
    if (v.values.length !== dimensions) throw new Error(`VECTOR_INSERT_ERROR: ${v.values.length} dimensions, the index has ${dimensions}`);
    return { id: v.id, values: [...v.values], metadata: { ...(v.metadata as Metadata | undefined) } };
  };
  const matches = (metadata: Metadata, filter: VectorizeVectorMetadataFilter = {}) =>
    Object.entries(filter).every(([key, condition]) => metadataIndexes.includes(key) && key in metadata && holds(metadata[key], condition));

  const index = {
    async describe() {
      return { vectorCount: vectors.size, dimensions, processedUpToDatetime: Date.now(), processedUpToMutation: mutations };
    },
    async insert(list: VectorizeVector[]) {
      for (const v of list) if (!vectors.has(v.id)) vectors.set(v.id, check(v));
      return mutation();
    },
    async upsert(list: VectorizeVector[]) {
      for (const v of list) vectors.set(v.id, check(v));
      return mutation();
    },
    async query(vector: number[], options: VectorizeQueryOptions = {}) {
      queries.push({ vector: [...vector], options });
      const topK = options.topK ?? 5;
      const heavy = options.returnValues || options.returnMetadata === 'all' || options.returnMetadata === true;
      if (topK > (heavy ? 50 : 100)) throw new Error(`VECTOR_QUERY_ERROR: topK ${topK} is above the limit`);
      const found = [...vectors.values()]
        .filter((v) => matches(v.metadata, options.filter))
        .map((v) => ({
          id: v.id,
          score: cosine(vector, v.values),
          ...(options.returnValues ? { values: v.values } : {}),
          ...(options.returnMetadata && options.returnMetadata !== 'none' ? { metadata: v.metadata } : {}),
        }))
        .sort((a, b) => b.score - a.score)
        .slice(0, topK);
      return { matches: found, count: found.length };
    },
    async queryById(id: string, options?: VectorizeQueryOptions) {
      const v = vectors.get(id);
      return v ? index.query(v.values, options) : { matches: [], count: 0 };
    },
    async deleteByIds(ids: string[]) {
      for (const id of ids) vectors.delete(id);
      return mutation();
    },
    async getByIds(ids: string[]) {
      return ids.flatMap((id) => vectors.get(id) ?? []);
    },
  };
  return { index: index as unknown as Vectorize, vectors, queries };
}
