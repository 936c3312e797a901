import type { DraftStep } from "./draft-address.server";

/** Progress within a step is written at most this often (the page polls every second). */
const PROGRESS_WRITE_MS = 500;

/**
 * A job's step and progress as it runs: a new step is written at once, progress within a step at
 * most twice a second (the latest message wins), one write at a time and in order.
 */
export class ProgressWriter {
  private chain: Promise<void> = Promise.resolve();
  private lastState: DraftStep | null = null;
  private lastWrite = 0;
  private pending: { state: DraftStep; message: string | null } | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly write: (state: DraftStep, message: string | null) => Promise<void>,
    private readonly intervalMs = PROGRESS_WRITE_MS,
  ) {}

  report(state: DraftStep, message: string | null): void {
    this.pending = { state, message };
    const due = this.lastWrite + this.intervalMs - Date.now();
    if (state !== this.lastState || due <= 0) {
      this.send();
    } else if (!this.timer) {
      this.timer = setTimeout(() => this.send(), due);
      this.timer.unref();
    }
  }

  async flush(): Promise<void> {
    this.close();
    await this.chain;
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }

  private send(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const next = this.pending;
    this.pending = null;
    if (!next) return;
    this.lastState = next.state;
    this.lastWrite = Date.now();
    this.chain = this.chain.then(() => this.write(next.state, next.message)).catch(() => {});
  }
}
