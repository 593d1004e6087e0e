ALTER TABLE `dub_projects` ADD `resumed_at` integer;--> statement-breakpoint
ALTER TABLE `summaries` ADD `resumed_at` integer;--> statement-breakpoint
ALTER TABLE `transcription_jobs` ADD `resumed_at` integer;