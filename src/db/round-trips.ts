// Counts the D1 round trips a command makes (every statement run alone, every batch).
// The company's writer runs one command at a time, so its round trips are its latency:
// the figure is returned with the command's result and printed by the benchmark.

export interface RoundTripCounter {
  readonly d1: D1Database;
  count(): number;
}

const RUNS = new Set(["first", "all", "run", "raw"]);

export function countRoundTrips(d1: D1Database): RoundTripCounter {
  let n = 0;
  const targets = new WeakMap<object, D1PreparedStatement>();
  const statement = (s: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(s, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (typeof value !== "function") return value;
        if (prop === "bind") return (...args: unknown[]) => statement(value.apply(target, args));
        if (RUNS.has(prop as string))
          return (...args: unknown[]) => {
            n++;
            return value.apply(target, args);
          };
        return value.bind(target);
      },
    });
    targets.set(proxy, s);
    return proxy;
  };
  const db = new Proxy(d1, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof value !== "function") return value;
      if (prop === "prepare") return (sql: string) => statement(value.call(target, sql));
      // a batch is one round trip; its statements are unwrapped so D1 accepts them
      if (prop === "batch")
        return (stmts: D1PreparedStatement[]) => {
          n++;
          return value.call(
            target,
            stmts.map((s) => targets.get(s) ?? s),
          );
        };
      if (prop === "exec")
        return (sql: string) => {
          n++;
          return value.call(target, sql);
        };
      return value.bind(target);
    },
  });
  return { d1: db, count: () => n };
}
