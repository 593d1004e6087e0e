import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

/** The typed database handle every route and service uses. */
export const database = (d1: D1Database) => drizzle(d1, { schema });
export type Db = ReturnType<typeof database>;
