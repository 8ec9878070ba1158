// A process that loads this package, sets a failing exit code and lets the event loop drain, as a
// test runner does after failed tests (used by exit-code.int.test.ts).
import './local-postgres.ts';

process.exitCode = 3;
