// The steps of a firing are written once for both ways its hooks run (events/define-event.ts,
// run-handlers.ts): awaited as usual, or without a single await for the permission race (spawnSync).
// A step's value is then there now or later, and the next step runs at once when it is there.

export type NowOrLater<T> = T | Promise<T>;

export function andThen<T, U>(value: NowOrLater<T>, next: (value: T) => NowOrLater<U>): NowOrLater<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** The values when every one is there now (a synchronous run cannot wait for one), else undefined. */
export function allNow<T extends readonly unknown[]>(values: T): { -readonly [K in keyof T]: Awaited<T[K]> } | undefined {
  return values.some((value) => value instanceof Promise) ? undefined : (values as { -readonly [K in keyof T]: Awaited<T[K]> });
}
