// D1 queries one invocation makes, counted (issue #41 item 13). Cloudflare counts the D1
// queries of a Worker invocation (1 000 on the paid plan, "Queries per Worker invocation",
// https://developers.cloudflare.com/d1/platform/limits/); work that must stay under it (a
// company move's step, src/writer/move-steps.ts) goes through bindings wrapped here and stops
// before its budget is spent. A statement is counted when it is prepared: the code that uses
// these bindings runs each statement it prepares once, alone or in a batch, and a batch counts
// as its statements (the conservative reading of the limit).

export class QueryCount {
  queries = 0;

  /** The binding, counting each statement prepared on it (drizzle prepares through it too). */
  wrap(d1: D1Database): D1Database {
    return new Proxy(d1, {
      get: (target, prop) => {
        if (prop === "prepare")
          return (sql: string) => {
            this.queries++;
            return target.prepare(sql);
          };
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }
}
