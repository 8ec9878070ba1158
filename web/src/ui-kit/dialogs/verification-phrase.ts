/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A random phrase such as "K7QM-4TXP" for the user to type before a sensitive action (SPEC §5). */
export function makeVerificationPhrase(
  randomValues: (array: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (array) =>
    crypto.getRandomValues(array),
): string {
  const bytes = randomValues(new Uint8Array(8));
  const characters = [...bytes].map((byte) => alphabet[byte % alphabet.length]);
  return `${characters.slice(0, 4).join('')}-${characters.slice(4).join('')}`;
}

/** Whether what the user typed is the phrase (surrounding spaces forgiven, nothing else). */
export function isPhraseTyped(phrase: string, typed: string): boolean {
  return typed.trim() === phrase;
}
