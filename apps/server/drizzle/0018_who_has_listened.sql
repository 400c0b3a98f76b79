CREATE TABLE "song_listen" (
	"team_id" text NOT NULL,
	"song_id" text NOT NULL,
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "song_listen_song_id_user_id_day_pk" PRIMARY KEY("song_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "team" ADD COLUMN "share_listening" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "song_listen" ADD CONSTRAINT "song_listen_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_listen" ADD CONSTRAINT "song_listen_song_id_song_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."song"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_listen" ADD CONSTRAINT "song_listen_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "song_listen_team_id_idx" ON "song_listen" USING btree ("team_id");