CREATE TABLE "ranking_snapshots" (
	"month" date NOT NULL,
	"business_id" integer NOT NULL,
	"currency" text NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"paid_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ranking_snapshots_month_business_id_currency_pro_staff_id_pk" PRIMARY KEY("month","business_id","currency","pro_staff_id")
);
--> statement-breakpoint
CREATE TABLE "retention_warnings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL,
	"warned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ranking_snapshots" ADD CONSTRAINT "ranking_snapshots_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_snapshots" ADD CONSTRAINT "ranking_snapshots_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_warnings" ADD CONSTRAINT "retention_warnings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ranking_snapshots_business_month_idx" ON "ranking_snapshots" USING btree ("business_id","month");