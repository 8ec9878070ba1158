export { databaseUrlSchema, parseEnv, portSchema } from './env.ts';
export { findFreePort } from './free-port.ts';
export { createLogger, type LogFields, type Logger, silentLogger } from './logger.ts';
export { onShutdown } from './shutdown.ts';
