// The `qaql` executable. It checks the Node.js version before loading the rest, which an older
// Node cannot even load (chevrotain calls Object.groupBy at import time).
import type { CommandContext } from "./command.ts";
import { setsSemiSpace } from "./node-options.ts";

/** The oldest Node.js major version qaql runs on, as package.json's `engines` says. */
const OLDEST_MAJOR = 22;

/**
 * The young generation `qaql serve` runs with, in MB a semi-space. V8 grows it to several times
 * this under a server's allocation rate and keeps it: 311 MB resident under `npm run bench --
 * serve` against 193 MB at 16, for the same requests a second (bench/README.md).
 */
const SERVE_SEMI_SPACE_MB = 16;

/** Whether this run is `qaql serve` and its young generation is not set yet by the user. */
function servesWithDefaultHeap(): boolean {
  if (process.argv[2] !== "serve") return false;
  return !setsSemiSpace(process.execArgv, process.env.NODE_OPTIONS);
}

const major = Number(process.versions.node.split(".")[0]);
if (servesWithDefaultHeap() && process.execve && process.argv[1] !== undefined) {
  // The process becomes itself with the flag, keeping its pid, streams and signals; where
  // execve is missing (Windows) the server runs as it is.
  const flag = `--max-semi-space-size=${SERVE_SEMI_SPACE_MB}`;
  const [, script, ...args] = process.argv;
  // A fixed threshold keeps glibc from raising it to 32 MB after the first scrypt check, past
  // which each check's 32 MB would stay in the heap instead of going back to the system.
  const env = { GLIBC_TUNABLES: "glibc.malloc.mmap_threshold=131072", ...process.env };
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, flag, script, ...args],
    env,
  );
}
if (!(major >= OLDEST_MAJOR)) {
  process.stderr.write(
    `qaql needs Node.js ${OLDEST_MAJOR} or newer (this is ${process.versions.node})\n`,
  );
  process.exitCode = 2;
} else {
  const [{ main }, { styleFor }] = await Promise.all([
    import("./main.ts"),
    import("./terminal.ts"),
  ]);
  const context: CommandContext = {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    errStyle: styleFor(process.stderr, process.env),
    outStyle: styleFor(process.stdout, process.env),
  };
  try {
    process.exitCode = await main(process.argv.slice(2), context);
  } catch (error) {
    process.stderr.write(`qaql: internal error: ${String(error)}\n`);
    process.exitCode = 70;
  }
}
