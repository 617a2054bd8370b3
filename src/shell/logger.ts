// Where progress and messages go. The action logs through @actions/core; the CLI writes to stderr.
// Pure modules never log: they return warnings, and the shell hands them to a Logger.

export interface Logger {
  info(message: string): void;
  warning(message: string): void;
  error(message: string): void;
  debug(message: string): void;
  /** One line of progress during long work (cell, repetition, elapsed, remaining). */
  progress(message: string): void;
  /**
   * A message tied to a line of a file (a compile error): an annotation on GitHub. Loggers without
   * such a place leave it out; the caller also reports the message through its error.
   */
  annotate?(message: string, location: SourceLocation): void;
  group<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

export interface SourceLocation {
  /** Absolute path. */
  readonly file: string;
  readonly line: number;
  readonly column?: number;
}
