import { describe, expect, it } from 'vitest';
import { READ_PATH_EN, READ_PATH_JA } from '../../../src/lib/calculators/messages/read-path.ts';
import { sayPhrase, type PhraseWords } from '../../../src/lib/calculators/phrase-words.ts';

type Shape = { key: 'circle'; r: number } | { key: 'square'; side: number } | { key: 'dot' };

const WORDS: PhraseWords<Shape> = {
  circle: ({ r }) => `a circle of radius ${r}`,
  square: ({ side }) => `a square of side ${side}`,
  dot: () => 'a dot',
};

describe('sayPhrase', () => {
  it('words each phrase with its own key’s function and figures', () => {
    expect(sayPhrase(WORDS, { key: 'circle', r: 2 })).toBe('a circle of radius 2');
    expect(sayPhrase(WORDS, { key: 'square', side: 3 })).toBe('a square of side 3');
    expect(sayPhrase(WORDS, { key: 'dot' })).toBe('a dot');
  });

  it('hands the whole phrase to a catalogue entry, so a nested figure reaches the words', () => {
    const phrase = { key: 'exact', subject: { kind: 'legacy', rv: '42' }, outcome: { kind: 'held' } } as const;
    expect(sayPhrase(READ_PATH_EN.why, phrase)).toContain('resourceVersion 42');
    expect(sayPhrase(READ_PATH_JA.why, phrase)).toContain('resourceVersion 42');
    expect(sayPhrase(READ_PATH_EN.why, phrase)).not.toBe(sayPhrase(READ_PATH_JA.why, phrase));
  });
});
