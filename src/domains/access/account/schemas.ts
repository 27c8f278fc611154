// The account's own routes: the signed-in person's keys, sessions, passkeys, authenticator and apps.
import { z } from "@hono/zod-openapi";
import { API_SCOPES } from "../scopes";

export const MeSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  mfa_enrolled: z.boolean(),
  passkeys: z.number(),
});

export const KeySchema = z.object({
  id: z.string(),
  name: z.string(),
  key_prefix: z.string(),
  scopes: z.array(z.string()),
  mode: z.enum(["live", "test"]),
  unattended_commit_limit: z.number().nullable(),
  api_version: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});

export const KeyCreateSchema = z.object({
  name: z.string().trim().min(1).max(200),
  scopes: z.array(z.enum([...API_SCOPES, "*"])).min(1),
  mode: z.enum(["live", "test"]),
  unattended_commit_limit: z
    .number()
    .positive()
    .max(1_000_000_000)
    .optional()
    .openapi({ description: "SEK; commits of larger entries are refused" }),
});

export const KeyCreatedSchema = KeySchema.extend({
  key: z.string().openapi({ description: "shown only in this answer" }),
});

export const SessionSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  current: z.boolean(),
});

export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

export const GrantSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  scopes: z.array(z.string()),
  company_ids: z.array(z.string()),
  created_at: z.string(),
});

export const RevokedSchema = z.object({ id: z.string(), revoked_at: z.string() });

export const MfaEnrolledSchema = z.object({
  user_id: z.string(),
  secret: z.string(),
  otpauth_uri: z.string(),
  enrolled_at: z.string(),
});

export const PasskeyOptionsSchema = z.object({ challenge_id: z.string(), options: z.record(z.string(), z.unknown()) });

export const PasskeyRegisterSchema = z.object({
  challenge_id: z.string().max(100),
  name: z.string().trim().max(100).optional(),
  response: z.record(z.string(), z.unknown()),
});
