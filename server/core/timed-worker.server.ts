import { Worker } from "node:worker_threads";

// Decision 024: work on untrusted input whose time can grow faster than the input (marked's lexer,
// reading a fetched page) runs on a worker thread, one job at a time, each with a time limit; a job
// past its limit ends the worker, and the next job starts another. The worker's script says
// { ready: true } once loaded, then answers each { id, input } with { id, output } or
// { id, failed: true } (see server/services/markdown/lex-markdown.worker.mjs).

type Answer<Output> = { id: number; output: Output } | { id: number; failed: true };

export interface TimedWorker<Input, Output> {
  /** The job's output; null when it ran past `timeLimitMs` or failed in the worker. */
  run(input: Input, timeLimitMs: number): Promise<Output | null>;
}

export function timedWorker<Input, Output>(script: URL): TimedWorker<Input, Output> {
  /** The worker once loaded, so starting it never counts against a job's limit. */
  let ready: Promise<Worker> | null = null;
  let nextId = 1;
  /** Jobs go one at a time, so each one's limit starts when the job does. */
  let queue: Promise<unknown> = Promise.resolve();

  const readyWorker = (): Promise<Worker> => {
    if (!ready) {
      const started = new Worker(script);
      // The worker never keeps the process alive; one that fails is replaced for the next job.
      started.unref();
      const starting = new Promise<Worker>((resolve, reject) => {
        started.once("message", () => resolve(started));
        started.once("error", reject);
        started.once("exit", () => reject(new Error("The worker stopped as it started.")));
      });
      const forget = () => {
        if (ready === starting) ready = null;
      };
      started.once("error", forget);
      started.once("exit", forget);
      ready = starting;
    }
    return ready;
  };

  const runOne = async (input: Input, timeLimitMs: number): Promise<Output | null> => {
    let worker: Worker;
    try {
      worker = await readyWorker();
    } catch {
      return null;
    }
    const id = nextId++;
    return new Promise<Output | null>((resolve) => {
      const finish = (output: Output | null) => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        resolve(output);
      };
      const onMessage = (answer: Answer<Output>) => {
        if (answer.id === id) finish("failed" in answer ? null : answer.output);
      };
      const onExit = () => finish(null);
      const timer = setTimeout(() => {
        // Jobs go one at a time, so the worker being started is this job's: the next gets another.
        ready = null;
        void worker.terminate();
        finish(null);
      }, timeLimitMs);
      worker.on("message", onMessage);
      worker.on("exit", onExit);
      worker.postMessage({ id, input });
    });
  };

  return {
    run(input, timeLimitMs) {
      const done = queue.then(() => runOne(input, timeLimitMs));
      queue = done;
      return done;
    },
  };
}
