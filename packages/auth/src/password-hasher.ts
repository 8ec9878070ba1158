import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP / ASVS 11.4.2 parameters (m = 19 MiB, t = 2, p = 1), stored as a PHC
 * string. Login re-hashes a password whose stored parameters are below these.
 */
export const passwordHashParameters = {
  // Algorithm.Argon2id: the binding's const enum cannot be imported under verbatimModuleSyntax.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashParameters);
}

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

export type PhcParameters = {
  algorithm: string;
  memoryKib: number;
  time: number;
  parallelism: number;
  saltBytes: number;
};

/** Reads the algorithm, parameters and salt length from a PHC string (T20). */
export function parsePhc(phc: string): PhcParameters | undefined {
  const match =
    /^\$(argon2(?:id|i|d))\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$[A-Za-z0-9+/]+$/.exec(
      phc,
    );
  if (!match) return undefined;
  const [, algorithm = '', memory = '0', time = '0', parallelism = '0', salt = ''] = match;
  return {
    algorithm,
    memoryKib: Number(memory),
    time: Number(time),
    parallelism: Number(parallelism),
    saltBytes: Buffer.from(salt, 'base64').length,
  };
}

export function needsRehash(phc: string): boolean {
  const parameters = parsePhc(phc);
  return (
    parameters === undefined ||
    parameters.algorithm !== 'argon2id' ||
    parameters.memoryKib < passwordHashParameters.memoryCost ||
    parameters.time < passwordHashParameters.timeCost
  );
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification when no member matched the identifier, so an attacker
 * cannot tell unknown identifiers from wrong passwords by timing.
 */
export async function verifyDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy password that matches no member');
  await verifyPassword(await decoyHash, password);
  return false;
}
