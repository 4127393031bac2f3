CREATE TABLE `search_items` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`item_id` text NOT NULL,
	`team_id` text NOT NULL,
	`space_id` text,
	`privat_id` text,
	`task_id` text,
	`meetingroom_id` text,
	`code` text,
	`emoji` text,
	`folder_id` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_items_item` ON `search_items` (`kind`,`item_id`);--> statement-breakpoint
CREATE INDEX `search_items_space` ON `search_items` (`space_id`);--> statement-breakpoint
CREATE INDEX `search_items_task` ON `search_items` (`task_id`);--> statement-breakpoint
-- Hand-written: the search index's text, an FTS5 table (drizzle-kit knows no virtual tables). Its rowid is
-- search_items.id. unicode61 with diacritics removed, so "resume" finds "résumé". A doc's title is here; its
-- text is indexed by doc_text_search below.
CREATE VIRTUAL TABLE `search_text` USING fts5(`title`, `body`, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
-- An existing database fills the index here, once, from what its tables already hold (the projection keeps
-- it current from then on, and a replay rebuilds the same rows from the log). U+E000 and U+E001 mark matches
-- in snippets, so they are taken out of the indexed text, as the projection does.
INSERT INTO `search_items` (`kind`, `item_id`, `team_id`, `space_id`, `task_id`, `code`, `created_at`)
SELECT 'task', `id`, `team_id`, `project_id`, `id`, `id_code`, `created_at` FROM `tasks` ORDER BY `created_at`, `id`;
--> statement-breakpoint
INSERT INTO `search_items` (`kind`, `item_id`, `team_id`, `space_id`, `privat_id`, `task_id`, `meetingroom_id`, `created_at`)
SELECT 'message', `id`, `team_id`, `space_id`,
  CASE WHEN `conversation` LIKE 'privat:%' THEN substr(`conversation`, 8) END,
  CASE WHEN `conversation` LIKE 'task:%' THEN substr(`conversation`, 6) END,
  CASE WHEN `conversation` LIKE 'meetingroom:%' THEN substr(`conversation`, 13) END,
  `created_at`
FROM `messages` WHERE `deleted_at` IS NULL AND `type` IN ('text', 'file') AND trim(`body`) <> '' ORDER BY `seq`;
--> statement-breakpoint
INSERT INTO `search_items` (`kind`, `item_id`, `team_id`, `space_id`, `emoji`, `created_at`)
SELECT 'doc', `id`, `team_id`, `project_id`, `emoji`, `created_at` FROM `docs` ORDER BY `created_at`, `id`;
--> statement-breakpoint
INSERT INTO `search_items` (`kind`, `item_id`, `team_id`, `space_id`, `privat_id`, `task_id`, `folder_id`, `created_at`)
SELECT 'file', `id`, `team_id`, `project_id`, `privat_id`, `task_id`, `folder_id`, `created_at` FROM `files` ORDER BY `created_at`, `id`;
--> statement-breakpoint
INSERT INTO `search_text` (`rowid`, `title`, `body`)
SELECT `search_items`.`id`, replace(replace(`tasks`.`name`, char(57344), ''), char(57345), ''),
  replace(replace(coalesce(`tasks`.`description_text`, ''), char(57344), ''), char(57345), '')
FROM `search_items` JOIN `tasks` ON `tasks`.`id` = `search_items`.`item_id` WHERE `search_items`.`kind` = 'task';
--> statement-breakpoint
INSERT INTO `search_text` (`rowid`, `title`, `body`)
SELECT `search_items`.`id`, '', replace(replace(`messages`.`body`, char(57344), ''), char(57345), '')
FROM `search_items` JOIN `messages` ON `messages`.`id` = `search_items`.`item_id` WHERE `search_items`.`kind` = 'message';
--> statement-breakpoint
INSERT INTO `search_text` (`rowid`, `title`, `body`)
SELECT `search_items`.`id`, replace(replace(`docs`.`title`, char(57344), ''), char(57345), ''), ''
FROM `search_items` JOIN `docs` ON `docs`.`id` = `search_items`.`item_id` WHERE `search_items`.`kind` = 'doc';
--> statement-breakpoint
INSERT INTO `search_text` (`rowid`, `title`, `body`)
SELECT `search_items`.`id`, replace(replace(`files`.`name`, char(57344), ''), char(57345), ''),
  replace(replace(coalesce(`files`.`text`, ''), char(57344), ''), char(57345), '')
FROM `search_items` JOIN `files` ON `files`.`id` = `search_items`.`item_id` WHERE `search_items`.`kind` = 'file';
--> statement-breakpoint
-- A doc's text is content beside the log (doc_texts, which the docs rooms refresh with each recorded activity),
-- so its index is not a projection either: an FTS5 table over doc_texts (external content) that these
-- triggers keep in step with every write to it, whoever writes. No replay empties or needs to refill it.
CREATE VIRTUAL TABLE `doc_text_search` USING fts5(`plain_text`, content = 'doc_texts', tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `doc_texts_search_insert` AFTER INSERT ON `doc_texts`
BEGIN
  INSERT INTO `doc_text_search` (`rowid`, `plain_text`) VALUES (new.`rowid`, new.`plain_text`);
END;
--> statement-breakpoint
CREATE TRIGGER `doc_texts_search_delete` AFTER DELETE ON `doc_texts`
BEGIN
  INSERT INTO `doc_text_search` (`doc_text_search`, `rowid`, `plain_text`) VALUES ('delete', old.`rowid`, old.`plain_text`);
END;
--> statement-breakpoint
CREATE TRIGGER `doc_texts_search_update` AFTER UPDATE ON `doc_texts`
BEGIN
  INSERT INTO `doc_text_search` (`doc_text_search`, `rowid`, `plain_text`) VALUES ('delete', old.`rowid`, old.`plain_text`);
  INSERT INTO `doc_text_search` (`rowid`, `plain_text`) VALUES (new.`rowid`, new.`plain_text`);
END;
--> statement-breakpoint
INSERT INTO `doc_text_search` (`doc_text_search`) VALUES ('rebuild');
