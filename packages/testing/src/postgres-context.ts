/** What the global setup hands to every test file of the run (vitest `provide`/`inject`). */
export type PostgresContext = {
  /** Connection string of a maintenance database on the run's server. */
  url: string;
  /** A migrated database that each test file copies (CREATE DATABASE ... TEMPLATE). */
  templateDatabase: string;
  /** Prefix of every database this run creates, so teardown can find them. */
  databasePrefix: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresContext;
  }
}
