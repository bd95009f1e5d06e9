CREATE TABLE "plan_trials" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tier" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "plan_trials" ADD CONSTRAINT "plan_trials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_trials_ends_at_idx" ON "plan_trials" USING btree ("ends_at");--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "last_event_at";