ALTER TABLE "song" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "song" ADD COLUMN "capo" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "song" ADD COLUMN "tempo" smallint;--> statement-breakpoint
ALTER TABLE "song" ADD COLUMN "time_signature" text;--> statement-breakpoint
ALTER TABLE "song" ADD COLUMN "ccli" text;--> statement-breakpoint
ALTER TABLE "song" ADD COLUMN "copyright" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "song" ADD COLUMN "authors" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Every part of an existing song gets an id unique in its song: p1, p2, ... in its order.
UPDATE "song" SET "parts" = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN jsonb_typeof(e.part) = 'object' THEN e.part || jsonb_build_object('id', 'p' || e.ord) ELSE e.part END
    ORDER BY e.ord), '[]'::jsonb)
  FROM jsonb_array_elements("song"."parts") WITH ORDINALITY AS e(part, ord)
);
