export { databaseUrlSchema, parseEnv, portSchema } from './env.ts';
export { findFreePort } from './free-port.ts';
export { createLogger, type LogFields, type Logger, silentLogger } from './logger.ts';
export { runService, type StopService } from './shutdown.ts';
export { parseSocketAddress, type SocketAddress } from './socket-address.ts';
