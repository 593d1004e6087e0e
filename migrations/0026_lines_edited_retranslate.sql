ALTER TABLE `records` ADD `lines_edited_at` integer;--> statement-breakpoint
ALTER TABLE `records` ADD `retranslate_at` integer;