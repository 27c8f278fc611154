// The account's own routes (/api/v1/me, api-keys, sessions, passkeys, oauth-grants): what the
// dashboard does with the signed-in person's credentials, as API calls (spec: everything the
// dashboard does is callable through the API). Only a session may call them (403
// SESSION_REQUIRED): a key or an OAuth token that could mint keys or enrol authenticators would
// be a way around the person's second step and around the grant's limits.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { ApiError } from "../../../errors/api-error";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import { MFA_HEADER } from "../../../http/mfa";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { grantsOfUser, revokeGrant } from "../oauth/commands";
import {
  createKey,
  deletePasskey,
  enrolTotp,
  listKeys,
  listPasskeys,
  listSessions,
  me,
  passkeyRegistrationOptions,
  registerPasskey,
  revokeCredential,
} from "./commands";
import {
  GrantSchema,
  KeyCreatedSchema,
  KeyCreateSchema,
  KeySchema,
  MeSchema,
  MfaEnrolledSchema,
  PasskeyOptionsSchema,
  PasskeyRegisterSchema,
  PasskeySchema,
  RevokedSchema,
  SessionSchema,
} from "./schemas";
import { handled, on, registerRoutes } from "../../../http/route-table";
import { DOCS } from "./prose";

export const ACCOUNT_TAG = "Account";

const sessionOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get("auth")?.kind !== "session") throw new ApiError("SESSION_REQUIRED");
  await next();
});

const account = { tag: ACCOUNT_TAG, scope: null, extraMiddleware: [sessionOnly] } as const;
const IdParams = z.object({ id: z.string().max(200) });

const meRoute = defineRoute({
  ...on.get(account, "/api/v1/me", DOCS.me),
  response: MeSchema,
});
const listKeysRoute = defineRoute({
  ...on.get(account, "/api/v1/api-keys", DOCS.listKeys),
  response: z.array(KeySchema),
});
const createKeyRoute = defineRoute({
  ...on.post(account, "/api/v1/api-keys", DOCS.createKey),
  body: KeyCreateSchema,
  response: KeyCreatedSchema,
  status: 201,
});
const revokeKeyRoute = defineRoute({
  ...on.delete(account, "/api/v1/api-keys/{id}", DOCS.revokeKey),
  params: IdParams,
  response: RevokedSchema,
});
const listSessionsRoute = defineRoute({
  ...on.get(account, "/api/v1/sessions", DOCS.listSessions),
  response: z.array(SessionSchema),
});
const revokeSessionRoute = defineRoute({
  ...on.delete(account, "/api/v1/sessions/{id}", DOCS.revokeSession),
  params: IdParams,
  response: RevokedSchema,
});
const enrolMfaRoute = defineRoute({
  ...on.post(account, "/api/v1/me/mfa", DOCS.enrolMfa),
  response: MfaEnrolledSchema,
  status: 201,
});
const listPasskeysRoute = defineRoute({
  ...on.get(account, "/api/v1/passkeys", DOCS.listPasskeys),
  response: z.array(PasskeySchema),
});
const passkeyOptionsRoute = defineRoute({
  ...on.post(account, "/api/v1/passkeys/options", DOCS.passkeyOptions),
  response: PasskeyOptionsSchema,
});
const registerPasskeyRoute = defineRoute({
  ...on.post(account, "/api/v1/passkeys", DOCS.registerPasskey),
  body: PasskeyRegisterSchema,
  response: PasskeySchema,
  status: 201,
});
const deletePasskeyRoute = defineRoute({
  ...on.delete(account, "/api/v1/passkeys/{id}", DOCS.deletePasskey),
  params: IdParams,
  response: RevokedSchema,
});
const listGrantsRoute = defineRoute({
  ...on.get(account, "/api/v1/oauth-grants", DOCS.listGrants),
  response: z.array(GrantSchema),
});
const revokeGrantRoute = defineRoute({
  ...on.delete(account, "/api/v1/oauth-grants/{id}", DOCS.revokeGrant),
  params: IdParams,
  response: RevokedSchema,
});

const userOf = (c: { get(k: "auth"): { userId: string } }) => c.get("auth").userId;

/** The WebAuthn relying party of the call: the origin the pages are served on. */
function site(c: HandlerContext<typeof registerPasskeyRoute> | HandlerContext<typeof passkeyOptionsRoute>) {
  const url = new URL(c.req.url);
  return { origin: url.origin, rpID: url.hostname };
}

async function getMe(c: HandlerContext<typeof meRoute>) {
  return json(c, await me(c.env, userOf(c)));
}
async function getKeys(c: HandlerContext<typeof listKeysRoute>) {
  return json(c, await listKeys(c.env, userOf(c)));
}
async function postKey(c: HandlerContext<typeof createKeyRoute>) {
  return json(c, await createKey(c.env, userOf(c), c.req.valid("json"), c.req.header(MFA_HEADER)), 201);
}
async function deleteKey(c: HandlerContext<typeof revokeKeyRoute>) {
  return json(c, await revokeCredential(c.env, userOf(c), c.req.valid("param").id, "key"));
}
async function getSessions(c: HandlerContext<typeof listSessionsRoute>) {
  return json(c, await listSessions(c.env, userOf(c), c.get("auth").apiKeyId));
}
async function deleteSession(c: HandlerContext<typeof revokeSessionRoute>) {
  return json(c, await revokeCredential(c.env, userOf(c), c.req.valid("param").id, "session"));
}
async function postMfa(c: HandlerContext<typeof enrolMfaRoute>) {
  return json(c, await enrolTotp(c.env, userOf(c), c.req.header(MFA_HEADER)), 201);
}
async function getPasskeys(c: HandlerContext<typeof listPasskeysRoute>) {
  return json(c, await listPasskeys(c.env, userOf(c)));
}
async function postPasskeyOptions(c: HandlerContext<typeof passkeyOptionsRoute>) {
  return json(c, await passkeyRegistrationOptions(c.env, userOf(c), site(c).rpID));
}
async function postPasskey(c: HandlerContext<typeof registerPasskeyRoute>) {
  return json(c, await registerPasskey(c.env, userOf(c), c.req.valid("json"), site(c)), 201);
}
async function removePasskey(c: HandlerContext<typeof deletePasskeyRoute>) {
  return json(c, await deletePasskey(c.env, userOf(c), c.req.valid("param").id));
}
async function getGrants(c: HandlerContext<typeof listGrantsRoute>) {
  return json(c, await grantsOfUser(c.env, userOf(c)));
}
async function deleteGrant(c: HandlerContext<typeof revokeGrantRoute>) {
  return json(c, await revokeGrant(c.env, userOf(c), c.req.valid("param").id, "revoked_by_user"));
}

export function registerAccountRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(meRoute, getMe),
    handled(listKeysRoute, getKeys),
    handled(createKeyRoute, postKey),
    handled(revokeKeyRoute, deleteKey),
    handled(listSessionsRoute, getSessions),
    handled(revokeSessionRoute, deleteSession),
    handled(enrolMfaRoute, postMfa),
    handled(listPasskeysRoute, getPasskeys),
    handled(passkeyOptionsRoute, postPasskeyOptions),
    handled(registerPasskeyRoute, postPasskey),
    handled(deletePasskeyRoute, removePasskey),
    handled(listGrantsRoute, getGrants),
    handled(revokeGrantRoute, deleteGrant),
  ]);
}
