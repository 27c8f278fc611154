import type { Env } from "./env";
import { createApp } from "./http/app";
import { handleQueue, handleScheduled, type Job } from "./jobs";

export { CompanyWriter } from "../durable-objects/company-writer";
export { RateLimiter } from "../durable-objects/rate-limiter";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleQueue(batch, env),
  scheduled: (controller, env) => handleScheduled(controller, env),
} satisfies ExportedHandler<Env, Job>;
