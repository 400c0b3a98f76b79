CREATE TABLE "media_garbage" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "song_link" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"song_id" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "song_recording" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"song_id" text NOT NULL,
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" integer NOT NULL,
	"duration_ms" integer,
	"storage_key" text NOT NULL,
	"marks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_recording_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "song_link" ADD CONSTRAINT "song_link_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_link" ADD CONSTRAINT "song_link_song_id_song_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."song"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_link" ADD CONSTRAINT "song_link_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_recording" ADD CONSTRAINT "song_recording_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_recording" ADD CONSTRAINT "song_recording_song_id_song_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."song"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_recording" ADD CONSTRAINT "song_recording_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "song_link_song_id_idx" ON "song_link" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "song_recording_song_id_idx" ON "song_recording" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "song_recording_team_id_idx" ON "song_recording" USING btree ("team_id");--> statement-breakpoint
CREATE FUNCTION "song_recording_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "media_garbage" ("storage_key") VALUES (OLD."storage_key") ON CONFLICT DO NOTHING;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "song_recording_gone" AFTER DELETE ON "song_recording" FOR EACH ROW EXECUTE FUNCTION "song_recording_gone"();
