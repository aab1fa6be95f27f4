/**
 * A small deterministic generator for random histories in tests: `random(n)` is in
 * [0, n), different for each step but the same sequence for a seed on every run.
 */
export function randomOf(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
}
