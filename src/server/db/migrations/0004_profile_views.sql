CREATE TABLE "profile_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_type" text NOT NULL,
	"profile_id" integer NOT NULL,
	"viewer_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_viewer_user_id_users_id_fk" FOREIGN KEY ("viewer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_views_profile_created_idx" ON "profile_views" USING btree ("profile_type","profile_id","created_at");