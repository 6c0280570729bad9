import type { Writable } from "node:stream";

const INTERVAL_MS = 250;

/** A status line of a long run, redrawn in place on a terminal; silent off a terminal. */
export class Progress {
  private readonly stream: Writable;
  private readonly enabled: boolean;
  private readonly started = performance.now();
  private lastDraw = this.started;
  private drawn = false;

  constructor(stream: Writable) {
    this.stream = stream;
    this.enabled = (stream as Writable & { isTTY?: boolean }).isTTY === true;
  }

  /** Redraws at most four times a second; `describe` gets the seconds since the start. */
  update(describe: (seconds: number) => string): void {
    if (!this.enabled) return;
    const now = performance.now();
    // Short runs finish before the first draw and leave the terminal untouched.
    if (now - this.lastDraw < INTERVAL_MS) return;
    this.lastDraw = now;
    this.stream.write(`\r\x1b[2K${describe((now - this.started) / 1000)}`);
    this.drawn = true;
  }

  /** Clears the line so that what follows starts clean. */
  finish(): void {
    if (this.drawn) this.stream.write("\r\x1b[2K");
    this.drawn = false;
  }
}
