// Where progress and messages go. The action logs through @actions/core; the CLI writes to stderr.
// Pure modules never log: they return warnings, and the shell hands them to a Logger.

export interface Logger {
  info(message: string): void;
  warning(message: string): void;
  error(message: string): void;
  debug(message: string): void;
  /** One line of progress during long work (cell, repetition, elapsed, remaining). */
  progress(message: string): void;
  group<T>(name: string, fn: () => Promise<T>): Promise<T>;
}
