// A pure function asked once per key: settings repeat a few matchers, events and `if` rules across
// hundreds of hooks, and validation, classify and compile each read every hook at start-up.

/** `compute`, asked once per key (the answers live as long as the returned function). */
export function memoized<K, V>(compute: (key: K) => V): (key: K) => V {
  const answers = new Map<K, V>();
  return (key) => {
    if (!answers.has(key)) answers.set(key, compute(key));
    return answers.get(key) as V;
  };
}
