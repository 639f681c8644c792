/**
 * PGlite's PostgreSQL is WebAssembly. V8 compiles it with its baseline
 * compiler (Liftoff) and then, in background threads, compiles the hot
 * functions again with TurboFan, keeping both. At 100,000 contacts that second
 * tier cost 35–50 MiB more resident and ~0.4 s more CPU during a start (on two
 * cores shared with the start itself), for searches 20–25 % faster under load
 * (BENCHMARKS.md, "Server"). The server's memory budget on PGlite (200 MiB
 * after a load run) holds only with the baseline tier.
 *
 * Must run before PGlite compiles its module (PGlite.create). A V8 that no
 * longer knows the flag prints a warning and carries on.
 */
import { setFlagsFromString } from 'node:v8'

export const baselineWasmOnly = () => setFlagsFromString('--liftoff-only')
