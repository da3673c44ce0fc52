import pino from 'pino';

/** Lines are written when this many bytes are waiting, or after FLUSH_EVERY_MS, whichever comes first. */
const BLOCK_BYTES = 4096;
const FLUSH_EVERY_MS = 1000;

export interface LogDestination {
  write(line: string): void;
  /** Writes what is waiting, synchronously: at shutdown, and from the process's exit handler. */
  flushNow(): void;
}

/**
 * The server's log destination (docs/operations.md "Logs"): standard output, written in blocks of about 4 KB instead
 * of a write system call per line. A request writes one log line; written one at a time those calls cost about as
 * much CPU as the request's own reads (bench/auth-read.ts, decision 0080). What is waiting is written at least once
 * a second, so a quiet server's lines still arrive promptly, and synchronously when the process stops or exits;
 * a process killed outright (SIGKILL, out of memory) can lose at most the last second of lines.
 */
export function bufferedStdout(): LogDestination {
  const stream = pino.destination({ dest: 1, sync: false, minLength: BLOCK_BYTES });
  const flushNow = () => {
    try {
      stream.flushSync();
    } catch {
      // A write already under way (flushSync refuses then) carries the waiting lines itself.
    }
  };
  setInterval(() => stream.flush(), FLUSH_EVERY_MS).unref();
  process.on('exit', flushNow);
  return { write: (line) => stream.write(line), flushNow };
}
