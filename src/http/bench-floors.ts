// Floors for the benchmarks in bench/: the same writes a request makes, done raw against
// D1 in the same run, so a benchmark can print its figure as a ratio of what the platform
// itself allows. Mounted only when BENCH_FLOORS is "true" (bench/service.mjs sets it with
// --var) and called with the admin token; a deployed service never has them.
import { Hono } from "hono";
import type { AppEnv } from "./context";
import { ApiError } from "../errors/api-error";
import { commitFloor } from "./bench-floors-commit";
import { sieImportFloor } from "./bench-floors-sie";

/** The router the floors are mounted on. */
type FloorApp = Hono<AppEnv>;

/** Each benchmark's floors register here: (floors) => floors.post("/name", handler). */
const FLOORS: ((floors: FloorApp) => void)[] = [commitFloor, sieImportFloor];

export function registerBenchFloors(app: Hono<AppEnv>) {
  const floors: FloorApp = new Hono<AppEnv>();
  floors.use("*", async (c, next) => {
    if (
      c.env.BENCH_FLOORS !== "true" ||
      !c.env.ADMIN_TOKEN ||
      c.req.header("Authorization") !== `Bearer ${c.env.ADMIN_TOKEN}`
    ) {
      throw new ApiError("NOT_FOUND", { path: c.req.path }, "No such endpoint.");
    }
    await next();
  });
  for (const add of FLOORS) add(floors);
  app.route("/__bench", floors);
}
