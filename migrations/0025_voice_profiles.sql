CREATE TABLE `voice_profiles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`voiceprint` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `voice_profiles_name` ON `voice_profiles` (`user_id`,`name`);--> statement-breakpoint
ALTER TABLE `line_speakers` ADD `voiceprint` text;--> statement-breakpoint
ALTER TABLE `users` ADD `identify_voices` integer DEFAULT true NOT NULL;