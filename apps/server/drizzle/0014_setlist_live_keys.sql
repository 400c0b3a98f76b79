CREATE TABLE "team_image" (
	"team_id" text PRIMARY KEY NOT NULL,
	"media_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "setlist" ADD COLUMN "live_keys" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "setlist" ADD COLUMN "screen_mode" text DEFAULT 'lyrics' NOT NULL;--> statement-breakpoint
ALTER TABLE "setlist" ADD COLUMN "screen_message" jsonb;--> statement-breakpoint
ALTER TABLE "setlist" ADD COLUMN "screen_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "setlist" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "setlist" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "song" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "song" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "team" ADD COLUMN "song_editors" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "team" ADD COLUMN "setlist_editors" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_image" ADD CONSTRAINT "team_image_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setlist" ADD CONSTRAINT "setlist_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song" ADD CONSTRAINT "song_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;