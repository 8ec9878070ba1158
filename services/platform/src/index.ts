export { type Platform, type PlatformOptions, startPlatform } from './start-platform.ts';
