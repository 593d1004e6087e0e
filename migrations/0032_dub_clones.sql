ALTER TABLE `dub_iterations` ADD `voice_mode` text;--> statement-breakpoint
ALTER TABLE `dub_projects` ADD `clones` text DEFAULT '{}' NOT NULL;