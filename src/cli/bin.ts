// The `qaql` executable. It checks the Node.js version before loading the rest, which an older
// Node cannot even load (chevrotain calls Object.groupBy at import time).
import type { CommandContext } from "./command.ts";

/** The oldest Node.js major version qaql runs on, as package.json's `engines` says. */
const OLDEST_MAJOR = 22;

const major = Number(process.versions.node.split(".")[0]);
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
