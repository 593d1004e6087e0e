-- A smaller search index (worker/services/search): the same contentless trigram FTS5 table as 0022, now keeping only
-- which lines hold each trigram (detail=none: no positions, about a fifth of the size). Searches look a word up as
-- all its trigrams and check the word itself on the lines found (worker/services/search/terms.ts matchExpression).
-- columnsize=0 would drop the per-line token counts too, but FTS5 refuses it with contentless_delete, which
-- removing a line's entry needs. drizzle-kit cannot write virtual tables or
-- triggers: written by hand. The triggers go with the old table and are made again, the same as 0022's.
DROP TRIGGER IF EXISTS `line_search_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `line_search_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `line_search_update`;--> statement-breakpoint
DROP TABLE `line_search`;--> statement-breakpoint
CREATE VIRTUAL TABLE `line_search` USING fts5(`text`, content='', contentless_delete=1, tokenize='trigram', detail=none);--> statement-breakpoint
CREATE TRIGGER `line_search_insert` AFTER INSERT ON `segments` BEGIN
	INSERT INTO `line_search`(rowid, `text`) VALUES (new.`record_id` * 1048576 + new.`seq`, new.`text`);
END;--> statement-breakpoint
CREATE TRIGGER `line_search_delete` AFTER DELETE ON `segments` BEGIN
	DELETE FROM `line_search` WHERE rowid = old.`record_id` * 1048576 + old.`seq`;
END;--> statement-breakpoint
CREATE TRIGGER `line_search_update` AFTER UPDATE OF `record_id`, `seq`, `text` ON `segments` BEGIN
	DELETE FROM `line_search` WHERE rowid = old.`record_id` * 1048576 + old.`seq`;
	INSERT INTO `line_search`(rowid, `text`) VALUES (new.`record_id` * 1048576 + new.`seq`, new.`text`);
END;--> statement-breakpoint
INSERT INTO `line_search`(rowid, `text`) SELECT `record_id` * 1048576 + `seq`, `text` FROM `segments`;
