CREATE TABLE "member_preferences" (
	"member_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean NOT NULL,
	CONSTRAINT "member_preferences_member_id_name_pk" PRIMARY KEY("member_id","name")
);
--> statement-breakpoint
ALTER TABLE "member_preferences" ADD CONSTRAINT "member_preferences_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;