// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

export default tseslint.config(
  {
    // Build outputs, caches and exports are generated; linting them would only report the generator.
    ignores: ['dist/', 'dist-*/', '.astro/', '.cache/', 'reports/', 'wiki-export/', '**/node_modules/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_`-prefixed names mark parameters a signature requires but the body does not read.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // TypeScript already reports undefined names, and knows the ambient ones ESLint cannot see.
    files: ['**/*.ts', '**/*.astro'],
    rules: { 'no-undef': 'off' },
  },
  {
    // Code that ships to the reader's browser.
    files: ['src/components/**/*.ts', 'src/components/**/*.astro'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
