import { describe, expect, it } from 'vitest';
import { findChromium } from '../../src/lib/chromium.ts';

describe('findChromium', () => {
  it('uses CHROMIUM_PATH when it exists', () => {
    expect(findChromium({ CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
  });
  it('refuses a CHROMIUM_PATH that does not exist instead of silently using another browser', () => {
    expect(() => findChromium({ CHROMIUM_PATH: '/nope/chromium' })).toThrow(/CHROMIUM_PATH .*does not exist/);
  });
});
