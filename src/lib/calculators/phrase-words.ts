/**
 * Wording for a model's keyed phrases: a union of `{ key, …figures }` objects becomes a table of
 * one function per key, each given its own phrase, so a catalogue must word every key and a
 * renderer picks the words with one lookup instead of a switch that repeats the union.
 */

/** One function per key of the phrase union `P`, each taking the phrase with that key. */
export type PhraseWords<P extends { key: string }> = {
  readonly [K in P['key']]: (phrase: Extract<P, { key: K }>) => string;
};

/**
 * Says a phrase with its table.
 * @param words - the catalogue's table for the union.
 * @param phrase - one phrase the model returned.
 * @returns the sentence for `phrase.key`, with the phrase's figures in it.
 */
export function sayPhrase<P extends { key: string }>(words: PhraseWords<P>, phrase: P): string {
  // TypeScript cannot tie `words[phrase.key]` to `phrase`'s own member of the union; the mapped type does.
  const say = words[phrase.key as P['key']] as unknown as (p: P) => string;
  return say(phrase);
}
