import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The Drizzle schema is the single source of the database layout: `npm run db:generate` writes
 * migrations/ from it, and `wrangler d1 migrations apply` is the only thing that changes a database.
 */
export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  avatar: text('avatar').notNull().default(''),
  createdAt: integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date()),
});
