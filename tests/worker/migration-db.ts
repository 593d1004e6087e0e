import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';

/** The migration tests' own database, apart from the one every other test shares. */
export const migrationDb = env.MIGRATION_DB;

/**
 * Brings the migration tests' database to the schema just before the migration named `name`, with a user (1)
 * and their default folder (10) to hang records on; the test then stores its data and calls `migrateRest`.
 */
export async function migrateUpTo(name: string) {
  const index = env.TEST_MIGRATIONS.findIndex((m) => m.name.startsWith(name));
  expect(index).toBeGreaterThan(0);
  await applyD1Migrations(migrationDb, env.TEST_MIGRATIONS.slice(0, index));
  await migrationDb.batch([
    migrationDb.prepare("INSERT INTO users (id, name, created_at) VALUES (1, 'Ann', 0)"),
    migrationDb.prepare("INSERT INTO folders (id, user_id, parent_id, name, ancestors, is_default, created_at) VALUES (10, 1, 0, 'Default', '0', 1, 0)"),
  ]);
}

/** Applies the migrations not yet applied, the one under test among them. */
export const migrateRest = () => applyD1Migrations(migrationDb, env.TEST_MIGRATIONS);
