ALTER TABLE "one_time_codes" ADD COLUMN "pending_password_hash" text;--> statement-breakpoint
-- A password chosen at registration waits on the activation link until that link is used: members who
-- have not activated yet keep theirs there (and lose it on any other proof of their email).
UPDATE "one_time_codes" SET "pending_password_hash" = "members"."password_hash" FROM "members" WHERE "one_time_codes"."purpose" = 'activation' AND "one_time_codes"."email" = "members"."email" AND "members"."status" = 'pending';--> statement-breakpoint
UPDATE "members" SET "password_hash" = NULL WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_pending_has_no_password" CHECK ("members"."status" <> 'pending' or "members"."password_hash" is null);
