export { type Projector, type ProjectorOptions, startProjector } from './start-projector.ts';
