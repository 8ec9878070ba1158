export type LogFields = Record<string, unknown>;

export type Logger = {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
};

/** One JSON object per line on stdout/stderr; the clock is read here, at the edge. */
export function createLogger(base: LogFields = {}, write = defaultWrite): Logger {
  const log = (level: 'info' | 'warn' | 'error', message: string, fields?: LogFields) =>
    write(
      level,
      JSON.stringify({ time: new Date().toISOString(), level, message, ...base, ...fields }),
    );
  return {
    info: (message, fields) => log('info', message, fields),
    warn: (message, fields) => log('warn', message, fields),
    error: (message, fields) => log('error', message, fields),
    child: (fields) => createLogger({ ...base, ...fields }, write),
  };
}

function defaultWrite(level: string, line: string) {
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = {
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
};
