export { exposureWarning, isLoopbackHost } from './bind-address.ts';
export { type Platform, type PlatformOptions, startPlatform } from './start-platform.ts';
