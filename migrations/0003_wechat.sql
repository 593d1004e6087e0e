CREATE TABLE `wechat_scenes` (
	`scene` text PRIMARY KEY NOT NULL,
	`bind_user_id` integer,
	`open_id` text,
	`scanned_at` integer,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `wechat_scenes_expires` ON `wechat_scenes` (`expires_at`);--> statement-breakpoint
CREATE TABLE `wechat_tokens` (
	`app_id` text PRIMARY KEY NOT NULL,
	`access_token` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `oauth_states` ADD `bind_user_id` integer;