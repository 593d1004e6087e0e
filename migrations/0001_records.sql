CREATE TABLE `folders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`parent_id` integer DEFAULT 0 NOT NULL,
	`name` text NOT NULL,
	`ancestors` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `folders_sibling_name` ON `folders` (`user_id`,`parent_id`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `folders_default` ON `folders` (`user_id`) WHERE "folders"."is_default" = 1;--> statement-breakpoint
CREATE TABLE `records` (
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
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `records_user_created` ON `records` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `records_user_updated` ON `records` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `records_user_folder` ON `records` (`user_id`,`folder_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `records_user_name` ON `records` (`user_id`,`name`);--> statement-breakpoint
CREATE INDEX `records_user_duration` ON `records` (`user_id`,`duration_ms`);--> statement-breakpoint
CREATE UNIQUE INDEX `records_share_token` ON `records` (`share_token`);--> statement-breakpoint
CREATE TABLE `segments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`record_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`start_ms` integer NOT NULL,
	`end_ms` integer NOT NULL,
	`text` text NOT NULL,
	`translations` text DEFAULT '{}' NOT NULL,
	`speaker` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `segments_record_seq` ON `segments` (`record_id`,`seq`);