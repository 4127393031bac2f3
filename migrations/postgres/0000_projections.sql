CREATE TABLE "account_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" text NOT NULL,
	"expires_at" text NOT NULL,
	"used_at" text
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"created_at" text NOT NULL,
	"last_used_at" text NOT NULL,
	"expires_at" text NOT NULL,
	"revoked_at" text,
	"revoked_reason" text,
	"user_agent" text,
	"browser_id" text
);
--> statement-breakpoint
CREATE TABLE "user_credentials" (
	"user_id" text PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"language" text NOT NULL,
	"profile_img" text,
	"role" text,
	"description" text,
	"currency" text DEFAULT 'usd' NOT NULL,
	"rate" integer,
	"resume" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"default_team_id" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"permission" text NOT NULL,
	"joined_at" text NOT NULL,
	CONSTRAINT "project_members_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "project_requests" (
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"requested_at" text NOT NULL,
	CONSTRAINT "project_requests_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"is_personal" boolean DEFAULT false NOT NULL,
	"logo" text,
	"color" text,
	"description" text,
	"type" text,
	"owner_id" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"email" text NOT NULL,
	"inviter_id" text NOT NULL,
	"role" text NOT NULL,
	"project_id" text,
	"message" text,
	"state" text NOT NULL,
	"created_at" text NOT NULL,
	"expires_at" text NOT NULL,
	"accepted_by" text
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" text NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo" text,
	"url" text,
	"plan" text DEFAULT 'free' NOT NULL,
	"plan_state" text DEFAULT 'active' NOT NULL,
	"storage" bigint DEFAULT 0 NOT NULL,
	"owner_id" text NOT NULL,
	"created_at" text NOT NULL,
	"seats" integer,
	"lifetimes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "teams_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "project_states" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"team_id" text NOT NULL,
	"value" text NOT NULL,
	"icon" integer NOT NULL,
	"position" double precision NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"is_sprint" boolean NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_assignees" (
	"task_id" text NOT NULL,
	"user_id" text NOT NULL,
	"project_id" text NOT NULL,
	CONSTRAINT "task_assignees_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "task_boards" (
	"project_id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"prefix" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_followers" (
	"task_id" text NOT NULL,
	"user_id" text NOT NULL,
	"project_id" text NOT NULL,
	CONSTRAINT "task_followers_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "task_tags" (
	"task_id" text NOT NULL,
	"tag_id" text NOT NULL,
	"project_id" text NOT NULL,
	CONSTRAINT "task_tags_task_id_tag_id_pk" PRIMARY KEY("task_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"project_id" text NOT NULL,
	"state_id" text NOT NULL,
	"number" integer NOT NULL,
	"id_code" text NOT NULL,
	"name" text NOT NULL,
	"letter" text,
	"color" text NOT NULL,
	"description" jsonb,
	"description_text" text,
	"cover" text,
	"priority" integer NOT NULL,
	"deadline" text,
	"length_amount" double precision,
	"length_unit" text,
	"parent_task_id" text,
	"sprint_id" text,
	"position_section" double precision NOT NULL,
	"position_duedate" double precision NOT NULL,
	"position_asignee" double precision NOT NULL,
	"author_id" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_read_markers" (
	"user_id" text NOT NULL,
	"conversation" text NOT NULL,
	"seq" bigint NOT NULL,
	"read_at" text NOT NULL,
	CONSTRAINT "chat_read_markers_user_id_conversation_pk" PRIMARY KEY("user_id","conversation")
);
--> statement-breakpoint
CREATE TABLE "message_reactions" (
	"message_id" text NOT NULL,
	"user_id" text NOT NULL,
	"emoji" text NOT NULL,
	"conversation" text NOT NULL,
	"seq" bigint NOT NULL,
	CONSTRAINT "message_reactions_message_id_user_id_emoji_pk" PRIMARY KEY("message_id","user_id","emoji")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"conversation" text NOT NULL,
	"space_id" text,
	"seq" bigint NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"type" text NOT NULL,
	"file_id" text,
	"reply_to_id" text,
	"client_id" text,
	"mentions" jsonb NOT NULL,
	"created_at" text NOT NULL,
	"edited_at" text,
	"deleted_at" text
);
--> statement-breakpoint
CREATE TABLE "privat_members" (
	"privat_id" text NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" text NOT NULL,
	CONSTRAINT "privat_members_privat_id_user_id_pk" PRIMARY KEY("privat_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "privats" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"name" text,
	"logo" text,
	"pair_key" text,
	"inactive" boolean DEFAULT false NOT NULL,
	"author_id" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	CONSTRAINT "privats_pair_key_unique" UNIQUE("pair_key")
);
--> statement-breakpoint
CREATE TABLE "file_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" text NOT NULL,
	"expires_at" text NOT NULL,
	"record_by" text NOT NULL,
	CONSTRAINT "file_uploads_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"project_id" text,
	"task_id" text,
	"privat_id" text,
	"folder_id" text,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"kind" text NOT NULL,
	"size" bigint NOT NULL,
	"location" text NOT NULL,
	"thumbnail" text,
	"preview" text,
	"width" integer,
	"height" integer,
	"duration" double precision,
	"text" text,
	"shared" boolean DEFAULT false NOT NULL,
	"author_id" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"story" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"project_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"upfolder_id" text,
	"author_id" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_snapshots" (
	"doc_id" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"through_id" bigint NOT NULL,
	"saved_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_texts" (
	"doc_id" text PRIMARY KEY NOT NULL,
	"plain_text" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_updates" (
	"id" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "doc_updates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"doc_id" text NOT NULL,
	"data" "bytea" NOT NULL,
	"user_id" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "docs" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"project_id" text NOT NULL,
	"folder_id" text,
	"title" text NOT NULL,
	"emoji" text,
	"cover" text,
	"description" text,
	"shared" boolean DEFAULT false NOT NULL,
	"share_token" text,
	"author_id" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_guest_credentials" (
	"hash" text PRIMARY KEY NOT NULL,
	"invited_id" text NOT NULL,
	"meetingroom_id" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_guests" (
	"id" text PRIMARY KEY NOT NULL,
	"meetingroom_id" text NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meetingrooms" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"project_id" text,
	"name" text NOT NULL,
	"author_id" text NOT NULL,
	"link_secret" text NOT NULL,
	"link_expires_at" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videocall_attendees" (
	"id" text PRIMARY KEY NOT NULL,
	"videocall_id" text NOT NULL,
	"user_id" text,
	"invited_id" text,
	"joined_at" text NOT NULL,
	"left_at" text
);
--> statement-breakpoint
CREATE TABLE "videocall_recordings" (
	"id" text PRIMARY KEY NOT NULL,
	"videocall_id" text NOT NULL,
	"meetingroom_id" text NOT NULL,
	"user_id" text NOT NULL,
	"attendee_id" text NOT NULL,
	"transport" text NOT NULL,
	"status" text NOT NULL,
	"created_at" text NOT NULL,
	"stopped_at" text,
	"location" text,
	"filename" text,
	"size" bigint,
	"duration_ms" integer,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "videocall_rings" (
	"id" text PRIMARY KEY NOT NULL,
	"videocall_id" text NOT NULL,
	"meetingroom_id" text NOT NULL,
	"privat_id" text,
	"project_id" text,
	"team_id" text NOT NULL,
	"caller_id" text NOT NULL,
	"callee_id" text NOT NULL,
	"notification_type" text NOT NULL,
	"state" text NOT NULL,
	"created_at" text NOT NULL,
	"ended_at" text
);
--> statement-breakpoint
CREATE TABLE "videocalls" (
	"id" text PRIMARY KEY NOT NULL,
	"meetingroom_id" text NOT NULL,
	"team_id" text NOT NULL,
	"project_id" text,
	"name" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"finished_at" text
);
--> statement-breakpoint
CREATE TABLE "calendar_account_secrets" (
	"account_id" text PRIMARY KEY NOT NULL,
	"cipher_text" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"picture" text,
	"feature" text NOT NULL,
	"type" text NOT NULL,
	"active" boolean NOT NULL,
	"server_url" text NOT NULL,
	"username" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"last_synced_at" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_event_exceptions" (
	"event_id" text NOT NULL,
	"occurrence_start" text NOT NULL,
	"cancelled" boolean NOT NULL,
	"title" text,
	"description" text,
	"start_at" text,
	"end_at" text,
	"updated_at" text NOT NULL,
	CONSTRAINT "calendar_event_exceptions_event_id_occurrence_start_pk" PRIMARY KEY("event_id","occurrence_start")
);
--> statement-breakpoint
CREATE TABLE "calendar_event_people" (
	"event_id" text NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"name" text,
	"response" text NOT NULL,
	"updated_at" text NOT NULL,
	CONSTRAINT "calendar_event_people_event_id_email_pk" PRIMARY KEY("event_id","email")
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"author_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"recurring" text NOT NULL,
	"rrule" text,
	"time_zone" text NOT NULL,
	"all_day" boolean NOT NULL,
	"start_at" text NOT NULL,
	"end_at" text NOT NULL,
	"series_end_at" text,
	"location" text,
	"meetingroom_id" text,
	"calendar_id" text,
	"uid" text NOT NULL,
	"sequence" integer NOT NULL,
	"split_from_id" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" text NOT NULL,
	"revoked_at" text
);
--> statement-breakpoint
CREATE TABLE "calendar_remote_objects" (
	"calendar_id" text NOT NULL,
	"href" text NOT NULL,
	"etag" text,
	"uid" text NOT NULL,
	"event_id" text NOT NULL,
	"remote_modified_at" text,
	CONSTRAINT "calendar_remote_objects_calendar_id_href_pk" PRIMARY KEY("calendar_id","href")
);
--> statement-breakpoint
CREATE TABLE "calendars" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"provider_calendar_id" text NOT NULL,
	"summary" text NOT NULL,
	"description" text,
	"background_color" text,
	"selected" boolean NOT NULL,
	"synced" boolean NOT NULL,
	"sync_token" text,
	"ctag" text,
	"last_synced_at" text
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" text NOT NULL,
	"last_used_at" text,
	"revoked_at" text,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "team_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text,
	"active" boolean NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text,
	"active" boolean NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_digests" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_sent_at" text NOT NULL,
	"last_seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"team_id" text NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"marked" boolean DEFAULT false NOT NULL,
	"author_id" text,
	"project_id" text,
	"task_id" text,
	"meetingroom_id" text,
	"file_id" text,
	"doc_id" text,
	"event_id" text,
	"message_id" text,
	"privat_id" text,
	"created_at" text NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_limits" (
	"team_id" text PRIMARY KEY NOT NULL,
	"requests_per_minute" integer NOT NULL,
	"tokens_per_day" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"state" text NOT NULL,
	"error" text,
	"error_code" text,
	"persona" text,
	"tone" text,
	"mode" text NOT NULL,
	"citations" text DEFAULT '[]' NOT NULL,
	"prompt_tokens" integer,
	"completion_tokens" integer,
	"seq" bigint NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"started_at" text NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "billing_credits" (
	"team_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "billing_credits_team_id_currency_pk" PRIMARY KEY("team_id","currency")
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"number" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text NOT NULL,
	"ticket" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"team_id" text PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"state" text NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"seats" integer NOT NULL,
	"period_start" text,
	"current_period_end" text,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"trial_end" text,
	"trial_used" boolean DEFAULT false NOT NULL,
	"lifetimes" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"amount" integer,
	"currency" text,
	"plan" text,
	"days" integer,
	"expires_at" text,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_grants" (
	"user_id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"granted_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_redemptions" (
	"code" text NOT NULL,
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer,
	"currency" text,
	"plan" text,
	"redeemed_at" text NOT NULL,
	CONSTRAINT "promotion_redemptions_code_team_id_pk" PRIMARY KEY("code","team_id")
);
--> statement-breakpoint
CREATE TABLE "sales_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"team_id" text,
	"message" text NOT NULL,
	"name" text,
	"email" text,
	"company" text,
	"seats" integer,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"team_id" text,
	"applied_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"screenshot" text,
	"page" text,
	"created_at" text NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" text NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_threads" (
	"person_id" text PRIMARY KEY NOT NULL,
	"created_at" text NOT NULL,
	"last_message_at" text NOT NULL,
	"last_seq" bigint NOT NULL,
	"person_read_seq" bigint DEFAULT 0 NOT NULL,
	"support_read_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standup_channels" (
	"project_id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"enabled" boolean NOT NULL,
	"time" text NOT NULL,
	"time_zone" text NOT NULL,
	"weekdays" jsonb NOT NULL,
	"language" text NOT NULL,
	"set_by" text NOT NULL,
	"set_at" text NOT NULL,
	"last_date" text,
	"last_until" text,
	"last_message_id" text
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_tokens_user_purpose" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_members_user" ON "project_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_requests_user" ON "project_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "projects_team" ON "projects" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "team_invitations_team" ON "team_invitations" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "team_invitations_email" ON "team_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "team_members_user" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "team_members_joined" ON "team_members" USING btree ("team_id","joined_at","user_id");--> statement-breakpoint
CREATE INDEX "project_states_project_position" ON "project_states" USING btree ("project_id","position");--> statement-breakpoint
CREATE INDEX "tags_project" ON "tags" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "task_assignees_project" ON "task_assignees" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "task_assignees_user" ON "task_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_boards_team_prefix" ON "task_boards" USING btree ("team_id","prefix");--> statement-breakpoint
CREATE INDEX "task_followers_project" ON "task_followers" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "task_followers_user" ON "task_followers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "task_tags_project" ON "task_tags" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "task_tags_tag" ON "task_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "tasks_project_position_section" ON "tasks" USING btree ("project_id","position_section");--> statement-breakpoint
CREATE INDEX "tasks_state_position_section" ON "tasks" USING btree ("state_id","position_section");--> statement-breakpoint
CREATE INDEX "tasks_project_position_duedate" ON "tasks" USING btree ("project_id","position_duedate");--> statement-breakpoint
CREATE INDEX "tasks_project_position_asignee" ON "tasks" USING btree ("project_id","position_asignee");--> statement-breakpoint
CREATE INDEX "tasks_parent" ON "tasks" USING btree ("parent_task_id");--> statement-breakpoint
CREATE INDEX "tasks_sprint" ON "tasks" USING btree ("sprint_id");--> statement-breakpoint
CREATE INDEX "chat_read_markers_conversation" ON "chat_read_markers" USING btree ("conversation");--> statement-breakpoint
CREATE INDEX "message_reactions_conversation" ON "message_reactions" USING btree ("conversation");--> statement-breakpoint
CREATE INDEX "messages_conversation_seq" ON "messages" USING btree ("conversation","seq");--> statement-breakpoint
CREATE INDEX "messages_space" ON "messages" USING btree ("space_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_author_client" ON "messages" USING btree ("author_id","client_id");--> statement-breakpoint
CREATE INDEX "privat_members_user" ON "privat_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "privats_team" ON "privats" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "file_uploads_user" ON "file_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "file_uploads_record_by" ON "file_uploads" USING btree ("record_by");--> statement-breakpoint
CREATE INDEX "files_team" ON "files" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "files_project_created" ON "files" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "files_project_story_created" ON "files" USING btree ("project_id","story","created_at");--> statement-breakpoint
CREATE INDEX "files_task" ON "files" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "files_privat" ON "files" USING btree ("privat_id");--> statement-breakpoint
CREATE INDEX "files_folder" ON "files" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "folders_project_type_upfolder" ON "folders" USING btree ("project_id","type","upfolder_id");--> statement-breakpoint
CREATE INDEX "folders_upfolder" ON "folders" USING btree ("upfolder_id");--> statement-breakpoint
CREATE INDEX "doc_updates_doc" ON "doc_updates" USING btree ("doc_id","id");--> statement-breakpoint
CREATE INDEX "docs_project_updated" ON "docs" USING btree ("project_id","updated_at");--> statement-breakpoint
CREATE INDEX "docs_folder" ON "docs" USING btree ("folder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "docs_share_token" ON "docs" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "meeting_guests_room" ON "meeting_guests" USING btree ("meetingroom_id","created_at");--> statement-breakpoint
CREATE INDEX "meetingrooms_team" ON "meetingrooms" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meetingrooms_project" ON "meetingrooms" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "videocall_attendees_call" ON "videocall_attendees" USING btree ("videocall_id","left_at");--> statement-breakpoint
CREATE INDEX "videocall_attendees_invited" ON "videocall_attendees" USING btree ("invited_id");--> statement-breakpoint
CREATE INDEX "videocall_recordings_call" ON "videocall_recordings" USING btree ("videocall_id","stopped_at");--> statement-breakpoint
CREATE INDEX "videocall_rings_call" ON "videocall_rings" USING btree ("videocall_id","state");--> statement-breakpoint
CREATE INDEX "videocall_rings_callee" ON "videocall_rings" USING btree ("callee_id","state");--> statement-breakpoint
CREATE INDEX "videocalls_room" ON "videocalls" USING btree ("meetingroom_id","finished_at");--> statement-breakpoint
CREATE INDEX "calendar_accounts_user" ON "calendar_accounts" USING btree ("user_id","team_id");--> statement-breakpoint
CREATE INDEX "calendar_event_people_user" ON "calendar_event_people" USING btree ("user_id","event_id");--> statement-breakpoint
CREATE INDEX "calendar_events_team_start" ON "calendar_events" USING btree ("team_id","start_at");--> statement-breakpoint
CREATE INDEX "calendar_events_team_series_end" ON "calendar_events" USING btree ("team_id","series_end_at");--> statement-breakpoint
CREATE INDEX "calendar_events_calendar" ON "calendar_events" USING btree ("calendar_id");--> statement-breakpoint
CREATE INDEX "calendar_events_uid" ON "calendar_events" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "calendar_events_meetingroom" ON "calendar_events" USING btree ("meetingroom_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "calendar_feeds_user" ON "calendar_feeds" USING btree ("user_id","team_id");--> statement-breakpoint
CREATE INDEX "calendar_remote_objects_event" ON "calendar_remote_objects" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendars_account_provider" ON "calendars" USING btree ("account_id","provider_calendar_id");--> statement-breakpoint
CREATE INDEX "api_tokens_user" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_settings_team_name" ON "team_settings" USING btree ("team_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "user_settings_user_name" ON "user_settings" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "notifications_user_seq" ON "notifications" USING btree ("user_id","team_id","seq");--> statement-breakpoint
CREATE INDEX "notifications_user_unread" ON "notifications" USING btree ("user_id","read","seq");--> statement-breakpoint
CREATE INDEX "ai_conversations_owner" ON "ai_conversations" USING btree ("user_id","team_id","updated_at");--> statement-breakpoint
CREATE INDEX "ai_messages_conversation" ON "ai_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE INDEX "ai_messages_state" ON "ai_messages" USING btree ("state");--> statement-breakpoint
CREATE INDEX "ai_usage_team_started" ON "ai_usage" USING btree ("team_id","started_at");--> statement-breakpoint
CREATE INDEX "billing_invoices_team" ON "billing_invoices" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "promotion_redemptions_team" ON "promotion_redemptions" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "support_feedback_seq" ON "support_feedback" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "support_messages_thread_seq" ON "support_messages" USING btree ("person_id","seq");--> statement-breakpoint
CREATE INDEX "support_threads_last_seq" ON "support_threads" USING btree ("last_seq");--> statement-breakpoint
CREATE INDEX "outbox_created" ON "outbox" USING btree ("created_at");