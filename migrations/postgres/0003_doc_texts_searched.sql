-- Written by hand (drizzle-kit declares no trigger). The doc rooms store each doc's plain text in doc_texts (the docs
-- area's table, not in the log); search keeps its copy in search_doc_texts, with the vector it searches. On SQLite the
-- FTS5 table doc_text_search follows doc_texts through triggers; here this trigger keeps the copy in step, in the
-- transaction of the unit that wrote the text.
CREATE FUNCTION search_doc_text_followed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_doc_texts WHERE doc_id = OLD.doc_id;
    RETURN OLD;
  END IF;
  INSERT INTO search_doc_texts (doc_id, plain_text, updated_at) VALUES (NEW.doc_id, NEW.plain_text, NEW.updated_at)
    ON CONFLICT (doc_id) DO UPDATE SET plain_text = EXCLUDED.plain_text, updated_at = EXCLUDED.updated_at;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER doc_texts_searched AFTER INSERT OR UPDATE OR DELETE ON doc_texts
  FOR EACH ROW EXECUTE FUNCTION search_doc_text_followed();
--> statement-breakpoint
-- Texts stored before this migration.
INSERT INTO search_doc_texts (doc_id, plain_text, updated_at) SELECT doc_id, plain_text, updated_at FROM doc_texts
  ON CONFLICT (doc_id) DO UPDATE SET plain_text = EXCLUDED.plain_text, updated_at = EXCLUDED.updated_at;
