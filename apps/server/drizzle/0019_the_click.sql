ALTER TABLE "setlist" ADD COLUMN "live_click" jsonb;--> statement-breakpoint
ALTER TABLE "setlist" ADD COLUMN "click_on_step" text DEFAULT 'follow' NOT NULL;