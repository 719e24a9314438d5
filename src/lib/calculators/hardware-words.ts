/**
 * Says the hardware model's answer (src/lib/model/hardware.ts) in one language: each phrase the
 * model returns (src/lib/model/hardware-phrases.ts) is worded by that language's catalogue
 * (./messages/hardware.ts), so the calculator and the plan word the same decision.
 */
import type { HardwareSizing, Requirement } from '../model/hardware.ts';
import type { CalcLang } from './calc-words.ts';
import { HARDWARE_EN, HARDWARE_JA, type HardwareWords } from './messages/hardware.ts';
import { sayPhrase } from './phrase-words.ts';

export const HARDWARE_WORDS: Readonly<Record<CalcLang, HardwareWords>> = { en: HARDWARE_EN, ja: HARDWARE_JA };

/** One input's reasoning with the guide's bound, in the catalogue's language. */
export function requirementText(w: HardwareWords, q: Requirement): string {
  return q.input === 'keys' ? sayPhrase(w.keysReason, q.reason) : sayPhrase(w.reason[q.input], q.reason);
}

/** A sizing's sentences in one language. */
export interface SizingWords {
  /** Each given input's reasoning, in input order. */
  reasons: string[];
  /** Where the node count falls among the example workloads; null without nodes. */
  example: string | null;
  caution: string | null;
  beyondGuide: string[];
  notes: string[];
}

/**
 * Words a sizing in a language.
 * @param r - from `classifyWorkload`.
 * @returns the reasoning of every input given (value above 0), the example, the caution, what lies
 *   beyond the guide and the other notes, each as one sentence.
 */
export function sizingWords(r: HardwareSizing, lang: CalcLang): SizingWords {
  const w = HARDWARE_WORDS[lang];
  return {
    reasons: r.requirements.filter((q) => q.value > 0).map((q) => requirementText(w, q)),
    example: r.example === null ? null : sayPhrase(w.example, r.example),
    caution: r.caution === null ? null : w.nodesAlone(r.caution.nodes),
    beyondGuide: r.beyondGuide.map((b) => sayPhrase(w.beyond, b)),
    notes: r.notes.map((n) => sayPhrase(w.note, n)),
  };
}
