/** The outcome of deciding one command: the events to append, or the named reason for refusing. */
export type Decision<Event, Rejection> =
  | { kind: 'accepted'; events: Event[] }
  | { kind: 'rejected'; rejection: Rejection };

export function accepted<Event>(events: Event[]): { kind: 'accepted'; events: Event[] } {
  return { kind: 'accepted', events };
}

export function rejected<Rejection>(rejection: Rejection): {
  kind: 'rejected';
  rejection: Rejection;
} {
  return { kind: 'rejected', rejection };
}
