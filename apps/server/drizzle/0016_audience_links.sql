CREATE TABLE "audience_link" (
	"id" uuid PRIMARY KEY NOT NULL,
	"setlist_id" text NOT NULL,
	"team_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "audience_link_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "setlist" ADD COLUMN "screen_join_code" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "team" ADD COLUMN "audience_licence_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team" ADD COLUMN "audience_licence_confirmed_by" text;--> statement-breakpoint
ALTER TABLE "team" ADD COLUMN "audience_room_limit" integer;--> statement-breakpoint
ALTER TABLE "audience_link" ADD CONSTRAINT "audience_link_setlist_id_setlist_id_fk" FOREIGN KEY ("setlist_id") REFERENCES "public"."setlist"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_link" ADD CONSTRAINT "audience_link_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_link" ADD CONSTRAINT "audience_link_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audience_link_live_setlist_idx" ON "audience_link" USING btree ("setlist_id") WHERE "audience_link"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "team" ADD CONSTRAINT "team_audience_licence_confirmed_by_user_id_fk" FOREIGN KEY ("audience_licence_confirmed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;