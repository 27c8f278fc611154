// Access for people, apps and agents (issue 47, docs/sign-in-and-oauth.md): sign-in (email link,
// TOTP, passkeys) and sessions, the dashboard, the account's own API routes, and the OAuth 2.1
// authorization server for apps and MCP clients.
// Owns: sign_in_links, sign_in_pending, passkeys, webauthn_challenges, sign_in_events, oauth_clients,
// oauth_grants, oauth_codes, oauth_refresh_tokens, and api_keys (keys, sessions, OAuth tokens, staging).
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { registerAccountRoutes } from "./account/routes";
import { registerDashboardRoutes } from "./dashboard/routes";
import { mcpChallenge, registerOAuthRoutes } from "./oauth/routes";
import { registerSignInRoutes } from "./sign-in/routes";

export { ACCOUNT_TAG } from "./account/routes";
export { API_SCOPES } from "./scopes";
export { createKey, createUser, enrolTotp, revokeCredential } from "./account/commands";
// a key's staged writes (issue #44, docs/approvals.md), set by the operators' API
export {
  KeyStagingSchema,
  setKeyStaging,
  StagingAnswerSchema,
  stagingJson,
  stagingOf,
} from "./account/key-staging";

/** Every route of the domain; before the MCP routes, so that a 401 from /mcp carries its challenge. */
export function registerAccessRoutes(app: OpenAPIHono<AppEnv>) {
  registerAccountRoutes(app);
  registerSignInRoutes(app);
  registerDashboardRoutes(app);
  registerOAuthRoutes(app);
  mcpChallenge(app);
}
