CREATE TABLE `vocab_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`library_id` integer NOT NULL,
	`text` text NOT NULL,
	`translation` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vocab_entries_text` ON `vocab_entries` (`library_id`,`text`);--> statement-breakpoint
CREATE TABLE `vocab_folders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`parent_id` integer DEFAULT 0 NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vocab_folders_sibling_name` ON `vocab_folders` (`user_id`,`parent_id`,`name`);--> statement-breakpoint
CREATE TABLE `vocab_libraries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`folder_id` integer,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`language` text NOT NULL,
	`target_language` text,
	`count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `vocab_libraries_user` ON `vocab_libraries` (`user_id`,`type`,`updated_at`);--> statement-breakpoint
CREATE INDEX `vocab_libraries_folder` ON `vocab_libraries` (`user_id`,`folder_id`);--> statement-breakpoint
ALTER TABLE `meetings` ADD `vocabulary` text DEFAULT '{"hotwords":[],"terms":[],"sensitive":[]}' NOT NULL;