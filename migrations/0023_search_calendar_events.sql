-- Calendar events became searchable after migration 0016 filled the index (domains/calendar/searchSource.ts): an
-- existing database holds events its index has never seen. This fills the index with them once, as 0016 does for the
-- other kinds, with the rows the search projection makes: kind 'event', in no space, created when the event was, its
-- title and description (U+E000 and U+E001 taken out, as the projection does). A recurring series is one row of
-- calendar_events, so one item; an occurrence's own title or description (calendar_event_exceptions) is not indexed;
-- a deleted event has no row. Events already indexed (a database whose projection ran after that change, or a
-- rebuilt one) are left as they are: the item is added only when (kind, item_id) is not there, and a text only for
-- an item that has none yet. A replay of the log rebuilds the same rows.
-- PostgreSQL needs no counterpart: no PostgreSQL deployment predates calendar events in its index.
INSERT INTO `search_items` (`kind`, `item_id`, `team_id`, `space_id`, `created_at`)
SELECT 'event', `calendar_events`.`id`, `calendar_events`.`team_id`, NULL, `calendar_events`.`created_at`
FROM `calendar_events`
WHERE NOT EXISTS (
  SELECT 1 FROM `search_items` WHERE `search_items`.`kind` = 'event' AND `search_items`.`item_id` = `calendar_events`.`id`
)
ORDER BY `calendar_events`.`created_at`, `calendar_events`.`id`;
--> statement-breakpoint
INSERT INTO `search_text` (`rowid`, `title`, `body`)
SELECT `search_items`.`id`, replace(replace(`calendar_events`.`title`, char(57344), ''), char(57345), ''),
  replace(replace(`calendar_events`.`description`, char(57344), ''), char(57345), '')
FROM `search_items` JOIN `calendar_events` ON `calendar_events`.`id` = `search_items`.`item_id`
WHERE `search_items`.`kind` = 'event'
  AND NOT EXISTS (SELECT 1 FROM `search_text` WHERE `search_text`.`rowid` = `search_items`.`id`);
