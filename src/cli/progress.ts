import type { Writable } from "node:stream";

const INTERVAL_MS = 250;

/** Records, bytes and rate of a long run, redrawn on one terminal line; silent off a terminal. */
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

  /** Redraws at most four times a second. */
  update(records: number, bytes: number, matches: number): void {
    if (!this.enabled) return;
    const now = performance.now();
    // Short runs finish before the first draw and leave the terminal untouched.
    if (now - this.lastDraw < INTERVAL_MS) return;
    this.lastDraw = now;
    const seconds = (now - this.started) / 1000;
    const mb = bytes / 1e6;
    const line =
      `${records.toLocaleString("en-US")} records, ${matches.toLocaleString("en-US")} matching, ` +
      `${mb.toFixed(1)} MB, ${(mb / seconds).toFixed(1)} MB/s`;
    this.stream.write(`\r\x1b[2K${line}`);
    this.drawn = true;
  }

  /** Clears the line so that what follows starts clean. */
  finish(): void {
    if (this.drawn) this.stream.write("\r\x1b[2K");
    this.drawn = false;
  }
}
