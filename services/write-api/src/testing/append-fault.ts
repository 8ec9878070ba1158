import type { EventStore } from '@ledger/event-store';

/**
 * A fault hook for tests (not shipped): wraps an event store so that the next append to a stream
 * the test names fails before it reaches the store, as a crash between two appends of one command
 * leaves it. Every other call goes to the store unchanged.
 */
export function createAppendFault() {
  let armed: ((stream: string) => boolean) | undefined;
  let tripped = 0;
  return {
    wrap(store: EventStore): EventStore {
      return new Proxy(store, {
        get(target, property) {
          if (property === 'append') {
            const append: EventStore['append'] = (stream, events, options) => {
              if (armed?.(stream) === true) {
                armed = undefined;
                tripped += 1;
                return Promise.reject(new Error(`injected fault before the append to ${stream}`));
              }
              return target.append(stream, events, options);
            };
            return append;
          }
          const value: unknown = Reflect.get(target, property);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
    /** The next append to a stream starting with `prefix`, after `skipped` such appends, fails. */
    failNextAppendTo(prefix: string, skipped = 0): void {
      let left = skipped;
      armed = (stream) => {
        if (!stream.startsWith(prefix)) return false;
        left -= 1;
        return left < 0;
      };
    },
    /** How many appends the hook has failed so far. */
    tripped: () => tripped,
  };
}
