CREATE TABLE "campaign_task_proof_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_task_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"url" text,
	"report" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"rejection_reason" text,
	"rejection_note" text,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer,
	"commission_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"platform" text,
	"required_tag" text,
	"place" text,
	"event_on" date,
	"starts_at" text,
	"ends_at" text,
	"reward_minor" integer,
	"reward_currency" text,
	"closes_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_task_proof_files" ADD CONSTRAINT "campaign_task_proof_files_submission_id_campaign_task_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."campaign_task_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_task_submissions" ADD CONSTRAINT "campaign_task_submissions_task_id_campaign_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."campaign_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_task_submissions" ADD CONSTRAINT "campaign_task_submissions_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_task_submissions" ADD CONSTRAINT "campaign_task_submissions_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_task_submissions" ADD CONSTRAINT "campaign_task_submissions_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_tasks" ADD CONSTRAINT "campaign_tasks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_task_proof_files_submission_idx" ON "campaign_task_proof_files" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "campaign_task_submissions_task_idx" ON "campaign_task_submissions" USING btree ("task_id","pro_staff_id");--> statement-breakpoint
CREATE INDEX "campaign_task_submissions_pro_staff_idx" ON "campaign_task_submissions" USING btree ("pro_staff_id","decided_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_task_submissions_one_waiting_idx" ON "campaign_task_submissions" USING btree ("task_id","pro_staff_id") WHERE "campaign_task_submissions"."status" = 'submitted';--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_task_submissions_one_approved_idx" ON "campaign_task_submissions" USING btree ("task_id","pro_staff_id") WHERE "campaign_task_submissions"."status" = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_task_submissions_commission_idx" ON "campaign_task_submissions" USING btree ("commission_id");--> statement-breakpoint
CREATE INDEX "campaign_tasks_campaign_idx" ON "campaign_tasks" USING btree ("campaign_id","id");