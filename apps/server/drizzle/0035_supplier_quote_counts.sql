-- A supplier's quote figures kept with every change of its quotes and their projects (docs/home.md).
CREATE TABLE "supplier_quote_counts" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"quotes" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO supplier_quote_counts (member_id, quotes, won, lost, completed)
SELECT q.supplier_id, count(*), count(*) FILTER (WHERE q.status = 1), count(*) FILTER (WHERE q.status = 2),
	count(*) FILTER (WHERE q.status = 1 AND p.status = 6)
FROM quotes q
JOIN projects p ON p.id = q.project_id
GROUP BY q.supplier_id;
--> statement-breakpoint
-- A quote row's part of its supplier's figures (1 quote; won 1 · lost 2; completed: won on a project
-- 已完成 6) taken away as it was and added as it is, in the statement's transaction: the counter
-- row's lock orders a supplier's concurrent quotes.
CREATE OR REPLACE FUNCTION zl_quote_counts_of_quote() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
	v_done boolean;
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		SELECT p.status = 6 INTO v_done FROM projects p WHERE p.id = OLD.project_id;
		UPDATE supplier_quote_counts SET
			quotes = quotes - 1,
			won = won - (OLD.status = 1)::int,
			lost = lost - (OLD.status = 2)::int,
			completed = completed - (OLD.status = 1 AND coalesce(v_done, false))::int
		WHERE member_id = OLD.supplier_id;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		SELECT p.status = 6 INTO v_done FROM projects p WHERE p.id = NEW.project_id;
		INSERT INTO supplier_quote_counts AS c (member_id, quotes, won, lost, completed)
		VALUES (NEW.supplier_id, 1, (NEW.status = 1)::int, (NEW.status = 2)::int,
			(NEW.status = 1 AND coalesce(v_done, false))::int)
		ON CONFLICT (member_id) DO UPDATE SET quotes = c.quotes + 1, won = c.won + excluded.won,
			lost = c.lost + excluded.lost, completed = c.completed + excluded.completed;
	END IF;
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER quotes_supplier_counts AFTER INSERT OR DELETE OR UPDATE OF status, supplier_id, project_id
ON quotes FOR EACH ROW EXECUTE FUNCTION zl_quote_counts_of_quote();
--> statement-breakpoint
-- A project entering or leaving 已完成 (6) moves its winners' completed count.
CREATE OR REPLACE FUNCTION zl_quote_counts_of_project() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
	IF (OLD.status = 6) IS DISTINCT FROM (NEW.status = 6) THEN
		UPDATE supplier_quote_counts c
		SET completed = c.completed + CASE WHEN NEW.status = 6 THEN 1 ELSE -1 END
		FROM quotes q
		WHERE q.project_id = NEW.id AND q.status = 1 AND c.member_id = q.supplier_id;
	END IF;
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER projects_supplier_counts AFTER UPDATE OF status ON projects
FOR EACH ROW EXECUTE FUNCTION zl_quote_counts_of_project();
