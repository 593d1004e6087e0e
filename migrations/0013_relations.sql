-- Tables declare their relations (worker/db/schema.ts): SQLite adds a foreign key only by rebuilding the table.
-- D1 runs a migration in one transaction with foreign keys enforced, and `PRAGMA foreign_keys = OFF` has no effect
-- there. Dropping a table that a rebuilt table already references would fire its ON DELETE actions (a record's
-- lines gone with the old `records`) or fail the commit, so parents are rebuilt before their children:
-- folders, records, uploads, vocabulary folders and libraries first, then the rest. In this order no check fails
-- midway; deferring them to the commit (what D1 offers instead of switching them off) keeps it so if the order slips.
-- Each rebuilt AUTOINCREMENT table keeps its sequence, so the id of a deleted row (which names its R2 objects, or
-- the line a dubbing remembers) is never handed out again.
PRAGMA defer_foreign_keys = true;--> statement-breakpoint
-- Rows whose parent is gone cannot be carried over. A record whose folder is gone moves to its owner's default
-- folder (made if missing, as the app makes it on first use); a library whose folder is gone moves to the top level,
-- as deleting a folder does; other rows whose parent is gone (never written by the app: users and packages are never
-- deleted, and record and library deletions take their rows along) are dropped, children after their parents.
DELETE FROM `sessions` WHERE `user_id` NOT IN (SELECT `id` FROM `users`);--> statement-breakpoint
DELETE FROM `oauth_states` WHERE `bind_user_id` IS NOT NULL AND `bind_user_id` NOT IN (SELECT `id` FROM `users`);--> statement-breakpoint
DELETE FROM `wechat_scenes` WHERE `bind_user_id` IS NOT NULL AND `bind_user_id` NOT IN (SELECT `id` FROM `users`);--> statement-breakpoint
DELETE FROM `accounts` WHERE `user_id` NOT IN (SELECT `id` FROM `users`);--> statement-breakpoint
DELETE FROM `daily_usage` WHERE `user_id` NOT IN (SELECT `id` FROM `users`);--> statement-breakpoint
DELETE FROM `cost_records` WHERE `user_id` NOT IN (SELECT `id` FROM `users`);--> statement-breakpoint
DELETE FROM `buy_records` WHERE `user_id` NOT IN (SELECT `id` FROM `users`) OR `package_id` NOT IN (SELECT `id` FROM `packages`);--> statement-breakpoint
DELETE FROM `pay_orders` WHERE `user_id` NOT IN (SELECT `id` FROM `users`) OR `package_id` NOT IN (SELECT `id` FROM `packages`);--> statement-breakpoint
DELETE FROM `card_codes` WHERE `package_id` NOT IN (SELECT `id` FROM `packages`) OR (`redeemed_by` IS NOT NULL AND `redeemed_by` NOT IN (SELECT `id` FROM `users`));--> statement-breakpoint
DELETE FROM `folders` WHERE `user_id` NOT IN (SELECT `id` FROM `users`);--> statement-breakpoint
DELETE FROM `records` WHERE `user_id` NOT IN (SELECT `id` FROM `users`);--> statement-breakpoint
INSERT OR IGNORE INTO `folders` (`user_id`, `parent_id`, `name`, `ancestors`, `is_default`, `created_at`)
SELECT DISTINCT `user_id`, 0, 'Default', '0', 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) FROM `records` WHERE `folder_id` NOT IN (SELECT `id` FROM `folders`);--> statement-breakpoint
-- The default folder, or (when a folder of that name blocked making it) the owner's first folder.
UPDATE `records` SET `folder_id` = coalesce(
  (SELECT `id` FROM `folders` WHERE `folders`.`user_id` = `records`.`user_id` AND `folders`.`is_default` = 1),
  (SELECT min(`id`) FROM `folders` WHERE `folders`.`user_id` = `records`.`user_id`)
) WHERE `folder_id` NOT IN (SELECT `id` FROM `folders`);--> statement-breakpoint
DELETE FROM `segments` WHERE `record_id` NOT IN (SELECT `id` FROM `records`);--> statement-breakpoint
DELETE FROM `job_chunks` WHERE `record_id` NOT IN (SELECT `id` FROM `records`);--> statement-breakpoint
DELETE FROM `transcription_jobs` WHERE `record_id` NOT IN (SELECT `id` FROM `records`);--> statement-breakpoint
DELETE FROM `meetings` WHERE `record_id` NOT IN (SELECT `id` FROM `records`);--> statement-breakpoint
DELETE FROM `summaries` WHERE `record_id` NOT IN (SELECT `id` FROM `records`);--> statement-breakpoint
DELETE FROM `dub_projects` WHERE `record_id` NOT IN (SELECT `id` FROM `records`);--> statement-breakpoint
DELETE FROM `dub_lines` WHERE `record_id` NOT IN (SELECT `id` FROM `records`);--> statement-breakpoint
DELETE FROM `dub_iterations` WHERE `record_id` NOT IN (SELECT `id` FROM `records`);--> statement-breakpoint
DELETE FROM `transcription_jobs` WHERE `user_id` NOT IN (SELECT `id` FROM `users`);--> statement-breakpoint
DELETE FROM `summaries` WHERE `user_id` NOT IN (SELECT `id` FROM `users`);--> statement-breakpoint
DELETE FROM `dub_projects` WHERE `user_id` NOT IN (SELECT `id` FROM `users`);--> statement-breakpoint
DELETE FROM `uploads` WHERE `user_id` NOT IN (SELECT `id` FROM `users`);--> statement-breakpoint
DELETE FROM `vocab_folders` WHERE `user_id` NOT IN (SELECT `id` FROM `users`);--> statement-breakpoint
DELETE FROM `vocab_libraries` WHERE `user_id` NOT IN (SELECT `id` FROM `users`);--> statement-breakpoint
DELETE FROM `uploads` WHERE `record_id` IS NOT NULL AND `record_id` NOT IN (SELECT `id` FROM `records`);--> statement-breakpoint
DELETE FROM `upload_parts` WHERE `upload_row_id` NOT IN (SELECT `id` FROM `uploads`);--> statement-breakpoint
UPDATE `vocab_libraries` SET `folder_id` = NULL WHERE `folder_id` IS NOT NULL AND `folder_id` NOT IN (SELECT `id` FROM `vocab_folders`);--> statement-breakpoint
DELETE FROM `vocab_entries` WHERE `library_id` NOT IN (SELECT `id` FROM `vocab_libraries`);--> statement-breakpoint
CREATE TABLE `__new_folders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`parent_id` integer DEFAULT 0 NOT NULL,
	`name` text NOT NULL,
	`ancestors` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_folders`("id", "user_id", "parent_id", "name", "ancestors", "is_default", "created_at") SELECT "id", "user_id", "parent_id", "name", "ancestors", "is_default", "created_at" FROM `folders`;--> statement-breakpoint
INSERT INTO sqlite_sequence (`name`, `seq`) SELECT '__new_folders', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE `name` = '__new_folders');--> statement-breakpoint
UPDATE sqlite_sequence SET `seq` = (SELECT max(`seq`) FROM sqlite_sequence WHERE `name` IN ('folders', '__new_folders')) WHERE `name` = '__new_folders';--> statement-breakpoint
DROP TABLE `folders`;--> statement-breakpoint
ALTER TABLE `__new_folders` RENAME TO `folders`;--> statement-breakpoint
CREATE UNIQUE INDEX `folders_sibling_name` ON `folders` (`user_id`,`parent_id`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `folders_default` ON `folders` (`user_id`) WHERE "folders"."is_default" = 1;--> statement-breakpoint
CREATE TABLE `__new_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`folder_id` integer NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`status` text NOT NULL,
	`duration_ms` integer DEFAULT 0 NOT NULL,
	`favourite` integer DEFAULT false NOT NULL,
	`audio_language` text DEFAULT 'zh-CN' NOT NULL,
	`translation_language` text,
	`media_key` text,
	`error_reason` text,
	`share_token` text,
	`share_allow_copy` integer DEFAULT false NOT NULL,
	`share_expires_at` integer,
	`shared_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`folder_id`) REFERENCES `folders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_records`("id", "user_id", "folder_id", "name", "type", "status", "duration_ms", "favourite", "audio_language", "translation_language", "media_key", "error_reason", "share_token", "share_allow_copy", "share_expires_at", "shared_at", "created_at", "updated_at") SELECT "id", "user_id", "folder_id", "name", "type", "status", "duration_ms", "favourite", "audio_language", "translation_language", "media_key", "error_reason", "share_token", "share_allow_copy", "share_expires_at", "shared_at", "created_at", "updated_at" FROM `records`;--> statement-breakpoint
INSERT INTO sqlite_sequence (`name`, `seq`) SELECT '__new_records', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE `name` = '__new_records');--> statement-breakpoint
UPDATE sqlite_sequence SET `seq` = (SELECT max(`seq`) FROM sqlite_sequence WHERE `name` IN ('records', '__new_records')) WHERE `name` = '__new_records';--> statement-breakpoint
DROP TABLE `records`;--> statement-breakpoint
ALTER TABLE `__new_records` RENAME TO `records`;--> statement-breakpoint
CREATE INDEX `records_user_created` ON `records` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `records_user_updated` ON `records` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `records_user_folder` ON `records` (`user_id`,`folder_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `records_user_name` ON `records` (`user_id`,`name`);--> statement-breakpoint
CREATE INDEX `records_user_duration` ON `records` (`user_id`,`duration_ms`);--> statement-breakpoint
CREATE UNIQUE INDEX `records_share_token` ON `records` (`share_token`);--> statement-breakpoint
CREATE INDEX `records_folder` ON `records` (`folder_id`);--> statement-breakpoint
CREATE TABLE `__new_uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`size` integer NOT NULL,
	`chunk_size` integer NOT NULL,
	`part_count` integer NOT NULL,
	`object_name` text NOT NULL,
	`upload_id` text NOT NULL,
	`state` text NOT NULL,
	`kind` text DEFAULT 'transcription' NOT NULL,
	`duration_ms` integer,
	`record_id` integer,
	`form` text,
	`created_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_uploads`("id", "user_id", "name", "size", "chunk_size", "part_count", "object_name", "upload_id", "state", "kind", "duration_ms", "record_id", "form", "created_at", "completed_at") SELECT "id", "user_id", "name", "size", "chunk_size", "part_count", "object_name", "upload_id", "state", "kind", "duration_ms", "record_id", "form", "created_at", "completed_at" FROM `uploads`;--> statement-breakpoint
INSERT INTO sqlite_sequence (`name`, `seq`) SELECT '__new_uploads', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE `name` = '__new_uploads');--> statement-breakpoint
UPDATE sqlite_sequence SET `seq` = (SELECT max(`seq`) FROM sqlite_sequence WHERE `name` IN ('uploads', '__new_uploads')) WHERE `name` = '__new_uploads';--> statement-breakpoint
DROP TABLE `uploads`;--> statement-breakpoint
ALTER TABLE `__new_uploads` RENAME TO `uploads`;--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_upload_id` ON `uploads` (`upload_id`);--> statement-breakpoint
CREATE INDEX `uploads_user` ON `uploads` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `uploads_state` ON `uploads` (`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `uploads_record` ON `uploads` (`record_id`);--> statement-breakpoint
CREATE TABLE `__new_vocab_folders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`parent_id` integer DEFAULT 0 NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_vocab_folders`("id", "user_id", "parent_id", "name") SELECT "id", "user_id", "parent_id", "name" FROM `vocab_folders`;--> statement-breakpoint
INSERT INTO sqlite_sequence (`name`, `seq`) SELECT '__new_vocab_folders', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE `name` = '__new_vocab_folders');--> statement-breakpoint
UPDATE sqlite_sequence SET `seq` = (SELECT max(`seq`) FROM sqlite_sequence WHERE `name` IN ('vocab_folders', '__new_vocab_folders')) WHERE `name` = '__new_vocab_folders';--> statement-breakpoint
DROP TABLE `vocab_folders`;--> statement-breakpoint
ALTER TABLE `__new_vocab_folders` RENAME TO `vocab_folders`;--> statement-breakpoint
CREATE UNIQUE INDEX `vocab_folders_sibling_name` ON `vocab_folders` (`user_id`,`parent_id`,`name`);--> statement-breakpoint
CREATE TABLE `__new_vocab_libraries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`folder_id` integer,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`language` text NOT NULL,
	`target_language` text,
	`count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`folder_id`) REFERENCES `vocab_folders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_vocab_libraries`("id", "user_id", "folder_id", "type", "name", "language", "target_language", "count", "created_at", "updated_at") SELECT "id", "user_id", "folder_id", "type", "name", "language", "target_language", "count", "created_at", "updated_at" FROM `vocab_libraries`;--> statement-breakpoint
INSERT INTO sqlite_sequence (`name`, `seq`) SELECT '__new_vocab_libraries', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE `name` = '__new_vocab_libraries');--> statement-breakpoint
UPDATE sqlite_sequence SET `seq` = (SELECT max(`seq`) FROM sqlite_sequence WHERE `name` IN ('vocab_libraries', '__new_vocab_libraries')) WHERE `name` = '__new_vocab_libraries';--> statement-breakpoint
DROP TABLE `vocab_libraries`;--> statement-breakpoint
ALTER TABLE `__new_vocab_libraries` RENAME TO `vocab_libraries`;--> statement-breakpoint
CREATE INDEX `vocab_libraries_user` ON `vocab_libraries` (`user_id`,`type`,`updated_at`);--> statement-breakpoint
CREATE INDEX `vocab_libraries_folder` ON `vocab_libraries` (`user_id`,`folder_id`);--> statement-breakpoint
CREATE INDEX `vocab_libraries_in_folder` ON `vocab_libraries` (`folder_id`);--> statement-breakpoint
CREATE TABLE `__new_accounts` (
	`user_id` integer NOT NULL,
	`account_type` text NOT NULL,
	`valid_until` integer NOT NULL,
	`remaining_seconds` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `account_type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
INSERT INTO `__new_accounts`("user_id", "account_type", "valid_until", "remaining_seconds") SELECT "user_id", "account_type", "valid_until", "remaining_seconds" FROM `accounts`;--> statement-breakpoint
DROP TABLE `accounts`;--> statement-breakpoint
ALTER TABLE `__new_accounts` RENAME TO `accounts`;--> statement-breakpoint
CREATE TABLE `__new_buy_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`package_id` integer NOT NULL,
	`channel` text NOT NULL,
	`reference` text NOT NULL,
	`amount_fen` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
INSERT INTO `__new_buy_records`("id", "user_id", "package_id", "channel", "reference", "amount_fen", "created_at") SELECT "id", "user_id", "package_id", "channel", "reference", "amount_fen", "created_at" FROM `buy_records`;--> statement-breakpoint
INSERT INTO sqlite_sequence (`name`, `seq`) SELECT '__new_buy_records', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE `name` = '__new_buy_records');--> statement-breakpoint
UPDATE sqlite_sequence SET `seq` = (SELECT max(`seq`) FROM sqlite_sequence WHERE `name` IN ('buy_records', '__new_buy_records')) WHERE `name` = '__new_buy_records';--> statement-breakpoint
DROP TABLE `buy_records`;--> statement-breakpoint
ALTER TABLE `__new_buy_records` RENAME TO `buy_records`;--> statement-breakpoint
CREATE UNIQUE INDEX `buy_reference` ON `buy_records` (`channel`,`reference`);--> statement-breakpoint
CREATE INDEX `buy_user` ON `buy_records` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `__new_card_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`package_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`redeemed_by` integer,
	`redeemed_at` integer,
	`redeem_nonce` text,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`redeemed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
INSERT INTO `__new_card_codes`("code", "package_id", "created_at", "redeemed_by", "redeemed_at", "redeem_nonce") SELECT "code", "package_id", "created_at", "redeemed_by", "redeemed_at", "redeem_nonce" FROM `card_codes`;--> statement-breakpoint
DROP TABLE `card_codes`;--> statement-breakpoint
ALTER TABLE `__new_card_codes` RENAME TO `card_codes`;--> statement-breakpoint
CREATE TABLE `__new_cost_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`feature` text NOT NULL,
	`work_ref` text NOT NULL,
	`seconds` integer NOT NULL,
	`account_type` text NOT NULL,
	`nonce` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
INSERT INTO `__new_cost_records`("id", "user_id", "feature", "work_ref", "seconds", "account_type", "nonce", "created_at") SELECT "id", "user_id", "feature", "work_ref", "seconds", "account_type", "nonce", "created_at" FROM `cost_records`;--> statement-breakpoint
INSERT INTO sqlite_sequence (`name`, `seq`) SELECT '__new_cost_records', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE `name` = '__new_cost_records');--> statement-breakpoint
UPDATE sqlite_sequence SET `seq` = (SELECT max(`seq`) FROM sqlite_sequence WHERE `name` IN ('cost_records', '__new_cost_records')) WHERE `name` = '__new_cost_records';--> statement-breakpoint
DROP TABLE `cost_records`;--> statement-breakpoint
ALTER TABLE `__new_cost_records` RENAME TO `cost_records`;--> statement-breakpoint
CREATE UNIQUE INDEX `cost_work` ON `cost_records` (`work_ref`);--> statement-breakpoint
CREATE INDEX `cost_user` ON `cost_records` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `__new_daily_usage` (
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`feature` text NOT NULL,
	`seconds` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`, `feature`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_daily_usage`("user_id", "day", "feature", "seconds") SELECT "user_id", "day", "feature", "seconds" FROM `daily_usage`;--> statement-breakpoint
DROP TABLE `daily_usage`;--> statement-breakpoint
ALTER TABLE `__new_daily_usage` RENAME TO `daily_usage`;--> statement-breakpoint
CREATE TABLE `__new_dub_iterations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`record_id` integer NOT NULL,
	`version` integer NOT NULL,
	`name` text NOT NULL,
	`lines` text NOT NULL,
	`output_key` text,
	`expires_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_dub_iterations`("id", "record_id", "version", "name", "lines", "output_key", "expires_at", "created_at") SELECT "id", "record_id", "version", "name", "lines", "output_key", "expires_at", "created_at" FROM `dub_iterations`;--> statement-breakpoint
INSERT INTO sqlite_sequence (`name`, `seq`) SELECT '__new_dub_iterations', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE `name` = '__new_dub_iterations');--> statement-breakpoint
UPDATE sqlite_sequence SET `seq` = (SELECT max(`seq`) FROM sqlite_sequence WHERE `name` IN ('dub_iterations', '__new_dub_iterations')) WHERE `name` = '__new_dub_iterations';--> statement-breakpoint
DROP TABLE `dub_iterations`;--> statement-breakpoint
ALTER TABLE `__new_dub_iterations` RENAME TO `dub_iterations`;--> statement-breakpoint
CREATE UNIQUE INDEX `dub_iterations_version` ON `dub_iterations` (`record_id`,`version`);--> statement-breakpoint
CREATE TABLE `__new_dub_lines` (
	`segment_id` integer PRIMARY KEY NOT NULL,
	`record_id` integer NOT NULL,
	`text` text NOT NULL,
	`voice` text NOT NULL,
	`start_ms` integer NOT NULL,
	`end_ms` integer NOT NULL,
	`fit` text NOT NULL,
	`tempo_permille` integer NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_dub_lines`("segment_id", "record_id", "text", "voice", "start_ms", "end_ms", "fit", "tempo_permille") SELECT "segment_id", "record_id", "text", "voice", "start_ms", "end_ms", "fit", "tempo_permille" FROM `dub_lines`;--> statement-breakpoint
DROP TABLE `dub_lines`;--> statement-breakpoint
ALTER TABLE `__new_dub_lines` RENAME TO `dub_lines`;--> statement-breakpoint
CREATE INDEX `dub_lines_record` ON `dub_lines` (`record_id`);--> statement-breakpoint
CREATE TABLE `__new_dub_projects` (
	`record_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`form` text NOT NULL,
	`stage` text NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`voices` text DEFAULT '{}' NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`output_key` text,
	`expires_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_dub_projects`("record_id", "user_id", "form", "stage", "progress", "voices", "version", "output_key", "expires_at", "updated_at") SELECT "record_id", "user_id", "form", "stage", "progress", "voices", "version", "output_key", "expires_at", "updated_at" FROM `dub_projects`;--> statement-breakpoint
DROP TABLE `dub_projects`;--> statement-breakpoint
ALTER TABLE `__new_dub_projects` RENAME TO `dub_projects`;--> statement-breakpoint
CREATE TABLE `__new_job_chunks` (
	`record_id` integer NOT NULL,
	`idx` integer NOT NULL,
	`start_ms` integer NOT NULL,
	`end_ms` integer NOT NULL,
	`result` text,
	PRIMARY KEY(`record_id`, `idx`),
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_job_chunks`("record_id", "idx", "start_ms", "end_ms", "result") SELECT "record_id", "idx", "start_ms", "end_ms", "result" FROM `job_chunks`;--> statement-breakpoint
DROP TABLE `job_chunks`;--> statement-breakpoint
ALTER TABLE `__new_job_chunks` RENAME TO `job_chunks`;--> statement-breakpoint
CREATE TABLE `__new_meetings` (
	`record_id` integer PRIMARY KEY NOT NULL,
	`mode` text NOT NULL,
	`source_language` text NOT NULL,
	`target_languages` text DEFAULT '[]' NOT NULL,
	`invite_token` text,
	`invite_open` integer DEFAULT false NOT NULL,
	`screen_code` text,
	`started_at` integer,
	`ended_at` integer,
	`vocabulary` text DEFAULT '{"hotwords":[],"terms":[],"sensitive":[]}' NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_meetings`("record_id", "mode", "source_language", "target_languages", "invite_token", "invite_open", "screen_code", "started_at", "ended_at", "vocabulary") SELECT "record_id", "mode", "source_language", "target_languages", "invite_token", "invite_open", "screen_code", "started_at", "ended_at", "vocabulary" FROM `meetings`;--> statement-breakpoint
DROP TABLE `meetings`;--> statement-breakpoint
ALTER TABLE `__new_meetings` RENAME TO `meetings`;--> statement-breakpoint
CREATE UNIQUE INDEX `meetings_invite_token` ON `meetings` (`invite_token`);--> statement-breakpoint
CREATE TABLE `__new_oauth_states` (
	`state` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`verifier` text NOT NULL,
	`nonce` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`bind_user_id` integer,
	FOREIGN KEY (`bind_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_oauth_states`("state", "provider", "verifier", "nonce", "redirect_uri", "expires_at", "used_at", "bind_user_id") SELECT "state", "provider", "verifier", "nonce", "redirect_uri", "expires_at", "used_at", "bind_user_id" FROM `oauth_states`;--> statement-breakpoint
DROP TABLE `oauth_states`;--> statement-breakpoint
ALTER TABLE `__new_oauth_states` RENAME TO `oauth_states`;--> statement-breakpoint
CREATE TABLE `__new_pay_orders` (
	`out_trade_no` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`package_id` integer NOT NULL,
	`amount_fen` integer NOT NULL,
	`pay_type` text NOT NULL,
	`status` text NOT NULL,
	`provider_ref` text,
	`credit_nonce` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`paid_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
INSERT INTO `__new_pay_orders`("out_trade_no", "user_id", "package_id", "amount_fen", "pay_type", "status", "provider_ref", "credit_nonce", "created_at", "expires_at", "paid_at") SELECT "out_trade_no", "user_id", "package_id", "amount_fen", "pay_type", "status", "provider_ref", "credit_nonce", "created_at", "expires_at", "paid_at" FROM `pay_orders`;--> statement-breakpoint
DROP TABLE `pay_orders`;--> statement-breakpoint
ALTER TABLE `__new_pay_orders` RENAME TO `pay_orders`;--> statement-breakpoint
CREATE INDEX `pay_order_user` ON `pay_orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `__new_segments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`record_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`start_ms` integer NOT NULL,
	`end_ms` integer NOT NULL,
	`text` text NOT NULL,
	`translations` text DEFAULT '{}' NOT NULL,
	`speaker` text DEFAULT '' NOT NULL,
	`pitch_hz` integer,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_segments`("id", "record_id", "seq", "start_ms", "end_ms", "text", "translations", "speaker", "pitch_hz") SELECT "id", "record_id", "seq", "start_ms", "end_ms", "text", "translations", "speaker", "pitch_hz" FROM `segments`;--> statement-breakpoint
INSERT INTO sqlite_sequence (`name`, `seq`) SELECT '__new_segments', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE `name` = '__new_segments');--> statement-breakpoint
UPDATE sqlite_sequence SET `seq` = (SELECT max(`seq`) FROM sqlite_sequence WHERE `name` IN ('segments', '__new_segments')) WHERE `name` = '__new_segments';--> statement-breakpoint
DROP TABLE `segments`;--> statement-breakpoint
ALTER TABLE `__new_segments` RENAME TO `segments`;--> statement-breakpoint
CREATE UNIQUE INDEX `segments_record_seq` ON `segments` (`record_id`,`seq`);--> statement-breakpoint
CREATE TABLE `__new_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`source` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_sessions`("id", "user_id", "source", "created_at", "expires_at", "revoked_at") SELECT "id", "user_id", "source", "created_at", "expires_at", "revoked_at" FROM `sessions`;--> statement-breakpoint
DROP TABLE `sessions`;--> statement-breakpoint
ALTER TABLE `__new_sessions` RENAME TO `sessions`;--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `__new_summaries` (
	`record_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`error_reason` text,
	`summary` text,
	`lines_hash` text,
	`generated_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_summaries`("record_id", "user_id", "status", "error_reason", "summary", "lines_hash", "generated_at", "updated_at") SELECT "record_id", "user_id", "status", "error_reason", "summary", "lines_hash", "generated_at", "updated_at" FROM `summaries`;--> statement-breakpoint
DROP TABLE `summaries`;--> statement-breakpoint
ALTER TABLE `__new_summaries` RENAME TO `summaries`;--> statement-breakpoint
CREATE TABLE `__new_transcription_jobs` (
	`record_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`stage` text NOT NULL,
	`speaker` integer DEFAULT false NOT NULL,
	`max_speakers` integer,
	`locale` text NOT NULL,
	`chunk_count` integer DEFAULT 0 NOT NULL,
	`vocabulary` text DEFAULT '{}' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_transcription_jobs`("record_id", "user_id", "stage", "speaker", "max_speakers", "locale", "chunk_count", "vocabulary", "updated_at") SELECT "record_id", "user_id", "stage", "speaker", "max_speakers", "locale", "chunk_count", "vocabulary", "updated_at" FROM `transcription_jobs`;--> statement-breakpoint
DROP TABLE `transcription_jobs`;--> statement-breakpoint
ALTER TABLE `__new_transcription_jobs` RENAME TO `transcription_jobs`;--> statement-breakpoint
CREATE TABLE `__new_upload_parts` (
	`upload_row_id` integer NOT NULL,
	`part_number` integer NOT NULL,
	`etag` text NOT NULL,
	PRIMARY KEY(`upload_row_id`, `part_number`),
	FOREIGN KEY (`upload_row_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_upload_parts`("upload_row_id", "part_number", "etag") SELECT "upload_row_id", "part_number", "etag" FROM `upload_parts`;--> statement-breakpoint
DROP TABLE `upload_parts`;--> statement-breakpoint
ALTER TABLE `__new_upload_parts` RENAME TO `upload_parts`;--> statement-breakpoint
CREATE TABLE `__new_vocab_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`library_id` integer NOT NULL,
	`text` text NOT NULL,
	`translation` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`library_id`) REFERENCES `vocab_libraries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_vocab_entries`("id", "library_id", "text", "translation") SELECT "id", "library_id", "text", "translation" FROM `vocab_entries`;--> statement-breakpoint
INSERT INTO sqlite_sequence (`name`, `seq`) SELECT '__new_vocab_entries', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE `name` = '__new_vocab_entries');--> statement-breakpoint
UPDATE sqlite_sequence SET `seq` = (SELECT max(`seq`) FROM sqlite_sequence WHERE `name` IN ('vocab_entries', '__new_vocab_entries')) WHERE `name` = '__new_vocab_entries';--> statement-breakpoint
DROP TABLE `vocab_entries`;--> statement-breakpoint
ALTER TABLE `__new_vocab_entries` RENAME TO `vocab_entries`;--> statement-breakpoint
CREATE UNIQUE INDEX `vocab_entries_text` ON `vocab_entries` (`library_id`,`text`);--> statement-breakpoint
CREATE TABLE `__new_wechat_scenes` (
	`scene` text PRIMARY KEY NOT NULL,
	`bind_user_id` integer,
	`open_id` text,
	`scanned_at` integer,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`bind_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_wechat_scenes`("scene", "bind_user_id", "open_id", "scanned_at", "expires_at", "used_at", "created_at") SELECT "scene", "bind_user_id", "open_id", "scanned_at", "expires_at", "used_at", "created_at" FROM `wechat_scenes`;--> statement-breakpoint
DROP TABLE `wechat_scenes`;--> statement-breakpoint
ALTER TABLE `__new_wechat_scenes` RENAME TO `wechat_scenes`;--> statement-breakpoint
CREATE INDEX `wechat_scenes_expires` ON `wechat_scenes` (`expires_at`);
