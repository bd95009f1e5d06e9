/**
 * `--smoke` (issue 45 item 6, decision record 041): every bench runs at tiny sizes in seconds, so `npm test` can run
 * them all and a bench that no longer runs, or no longer prints its verdict, fails the suite. Timings are not judged
 * in a smoke run (tiny sizes on a busy machine say nothing); correctness checks (every order made, no overrun, every
 * delivery accounted for) still fail it.
 */
export const smoke = process.argv.includes('--smoke');

/** A size: from the environment variable when set, else the smoke or the full default. */
export function sized(variable: string, full: number, tiny: number): number {
  const given = process.env[variable];
  return given ? Number(given) : smoke ? tiny : full;
}

/** A missed timing target fails the run, except in a smoke run. */
export function failOnTiming(): void {
  if (!smoke) process.exitCode = 1;
}
