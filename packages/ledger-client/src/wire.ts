import { z } from 'zod';
import { actorLengthMax, commandIdLengthMax, metadataFieldLengthMax } from './limits.ts';
import type { LedgerSubmission, SubmitResult } from './submission.ts';

/**
 * The local transport's wire format: one JSON object per line (NDJSON), each request with a
 * number the answer repeats, so one connection carries many requests at once and the answers
 * come back in whatever order their batches commit.
 *   → {"id":7,"submit":{...LedgerSubmission}}      ← {"id":7,"result":{...SubmitResult}}
 *   → {"id":8,"ping":true}                          ← {"id":8,"pong":{...}}
 */
export type WireRequest = { id: number; submit: LedgerSubmission } | { id: number; ping: true };
export type WireResponse =
  | { id: number; result: SubmitResult }
  | { id: number; pong: Record<string, unknown> };

const commandTypes = [
  'OpenAccount',
  'ChangeAccountStatus',
  'PostTransfer',
  'PlaceHold',
  'CaptureHolds',
  'MoveHeld',
  'ReleaseHold',
  'ExpireHold',
  'SetDailyLimit',
] as const;

const text = (lengthMax: number) => z.string().min(1).max(lengthMax);

// Only the envelope is checked here; the command's fields are the decider's to judge (it
// answers InvalidField / InvalidAmount), and the write API has validated them already.
const submissionSchema = z.strictObject({
  commandId: text(commandIdLengthMax),
  actor: text(actorLengthMax),
  command: z.strictObject({
    type: z.enum(commandTypes),
    data: z.custom<Record<string, unknown>>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    ),
  }),
  bodyHash: text(metadataFieldLengthMax).optional(),
  correlationId: text(metadataFieldLengthMax).optional(),
  causationId: text(metadataFieldLengthMax).optional(),
  requestId: text(metadataFieldLengthMax).optional(),
});

export const requestSchema = z.union([
  z.strictObject({ id: z.number().int().nonnegative(), submit: submissionSchema }),
  z.strictObject({ id: z.number().int().nonnegative(), ping: z.literal(true) }),
]);

const commandTypeSet = new Set<string>(commandTypes);
const submissionKeys = new Set([
  'commandId',
  'actor',
  'command',
  'bodyHash',
  'correlationId',
  'causationId',
  'requestId',
]);
const optionalTexts = ['bodyHash', 'correlationId', 'causationId', 'requestId'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, lengthMax: number) =>
  typeof value === 'string' && value.length >= 1 && value.length <= lengthMax;
const hasOnly = (value: Record<string, unknown>, keys: ReadonlySet<string>) =>
  Object.keys(value).every((key) => keys.has(key));

/**
 * The envelope check of `requestSchema`, written out: it runs for every command the writer is
 * sent, and zod's generic walk cost as much as the JSON parse itself. It only ever says yes to
 * what the schema accepts (wire.test.ts compares them); a no goes to the schema, which names the
 * field at fault.
 */
export function isWireRequest(value: unknown): value is WireRequest {
  if (!isRecord(value)) return false;
  const id = value.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return false;
  const keys = Object.keys(value);
  if (keys.length !== 2) return false;
  if ('ping' in value) return value.ping === true;
  const submit = value.submit;
  if (!isRecord(submit) || !hasOnly(submit, submissionKeys)) return false;
  if (!isText(submit.commandId, commandIdLengthMax) || !isText(submit.actor, actorLengthMax)) {
    return false;
  }
  for (const key of optionalTexts) {
    if (key in submit && !isText(submit[key], metadataFieldLengthMax)) return false;
  }
  const command = submit.command;
  if (!isRecord(command) || Object.keys(command).length !== 2) return false;
  return (
    typeof command.type === 'string' && commandTypeSet.has(command.type) && isRecord(command.data)
  );
}

/** A parsed request, or the id (when readable) and the field that was wrong. */
export function parseRequest(
  line: string,
): { ok: true; request: WireRequest } | { ok: false; id: number | undefined; field: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, id: undefined, field: 'json' };
  }
  if (isWireRequest(value)) return { ok: true, request: value };
  const parsed = requestSchema.safeParse(value);
  if (parsed.success) return { ok: true, request: parsed.data as WireRequest };
  const id = (value as { id?: unknown } | null)?.id;
  const field = parsed.error.issues[0]?.path.join('.') || 'request';
  return { ok: false, id: typeof id === 'number' ? id : undefined, field };
}

/**
 * Splits a byte stream into lines. Refuses (returns false) a partial line longer than
 * `lineBytesMax`, so one peer cannot make the other buffer without bound.
 */
export class LineReader {
  #partial = '';
  #lineBytesMax: number;

  constructor(lineBytesMax: number) {
    this.#lineBytesMax = lineBytesMax;
  }

  push(chunk: string, onLine: (line: string) => void): boolean {
    let start = 0;
    let text = chunk;
    if (this.#partial.length > 0) {
      text = this.#partial + chunk;
      this.#partial = '';
    }
    for (let end = text.indexOf('\n', start); end >= 0; end = text.indexOf('\n', start)) {
      if (end > start) onLine(text.slice(start, end));
      start = end + 1;
    }
    this.#partial = text.slice(start);
    return this.#partial.length <= this.#lineBytesMax;
  }
}

/** Gathers writes made in one turn of the event loop into one socket write. */
export class CoalescedWriter {
  #pending: string[] = [];
  #scheduled = false;
  #write: (text: string) => void;

  constructor(write: (text: string) => void) {
    this.#write = write;
  }

  send(message: object): void {
    this.#pending.push(`${JSON.stringify(message)}\n`);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      const text = this.#pending.join('');
      this.#pending = [];
      this.#write(text);
    });
  }
}
