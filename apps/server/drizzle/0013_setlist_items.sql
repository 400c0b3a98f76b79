ALTER TABLE "setlist" ADD COLUMN "items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "setlist" ADD COLUMN "start_time" text;--> statement-breakpoint
ALTER TABLE "setlist" ADD COLUMN "current_item" integer;