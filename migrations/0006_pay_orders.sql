CREATE TABLE `pay_orders` (
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
	`paid_at` integer
);
--> statement-breakpoint
CREATE INDEX `pay_order_user` ON `pay_orders` (`user_id`,`created_at`);