CREATE TABLE `accounts` (
	`user_id` integer NOT NULL,
	`account_type` text NOT NULL,
	`valid_until` integer NOT NULL,
	`remaining_seconds` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `account_type`)
);
--> statement-breakpoint
CREATE TABLE `buy_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`package_id` integer NOT NULL,
	`channel` text NOT NULL,
	`reference` text NOT NULL,
	`amount_fen` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `buy_reference` ON `buy_records` (`channel`,`reference`);--> statement-breakpoint
CREATE INDEX `buy_user` ON `buy_records` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `captchas` (
	`id` text PRIMARY KEY NOT NULL,
	`answer` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`pass_token` text,
	`used_at` integer
);
--> statement-breakpoint
CREATE TABLE `card_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`package_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`redeemed_by` integer,
	`redeemed_at` integer,
	`redeem_nonce` text
);
--> statement-breakpoint
CREATE TABLE `cost_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`feature` text NOT NULL,
	`work_ref` text NOT NULL,
	`seconds` integer NOT NULL,
	`account_type` text NOT NULL,
	`nonce` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cost_work` ON `cost_records` (`work_ref`);--> statement-breakpoint
CREATE INDEX `cost_user` ON `cost_records` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `daily_usage` (
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`feature` text NOT NULL,
	`seconds` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`, `feature`)
);
--> statement-breakpoint
CREATE TABLE `oauth_states` (
	`state` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`verifier` text NOT NULL,
	`nonce` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `packages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`package_type` text NOT NULL,
	`package_name` text NOT NULL,
	`price_fen` integer NOT NULL,
	`org_price_fen` integer NOT NULL,
	`valid_period` integer NOT NULL,
	`valid_period_unit` integer NOT NULL,
	`seconds` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`source` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`avatar` text DEFAULT '' NOT NULL,
	`username` text,
	`email` text,
	`phone` text,
	`password_hash` text,
	`wechat_open_id` text,
	`google_sub` text,
	`visitor_id` text,
	`share_status` text DEFAULT '0' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username` ON `users` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone` ON `users` (`phone`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_wechat` ON `users` (`wechat_open_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google` ON `users` (`google_sub`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_visitor` ON `users` (`visitor_id`);--> statement-breakpoint
CREATE TABLE `verification_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `codes_target` ON `verification_codes` (`target`,`created_at`);