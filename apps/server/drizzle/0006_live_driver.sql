ALTER TABLE "setlist" ADD COLUMN "live_driver" text;--> statement-breakpoint
ALTER TABLE "setlist" ADD COLUMN "live_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "setlist" ADD COLUMN "live_stepped_at" timestamp with time zone;