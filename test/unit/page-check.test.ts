import { describe, expect, it } from 'vitest';
import { checkBuiltPage } from '../../src/lib/page-check.ts';

const prose = 'This page has enough words of prose around its citations to pass the prose check on its own. '.repeat(2);
const marker = (label: string) =>
  `<span class="cite" data-status="verified"><a class="cite-link cite-value" href="#source-1" aria-label="${label}">2 GiB</a></span>`;
const page = (content: string) =>
  `<html><body><main><div class="sl-markdown-content"><p>${prose}</p>${content}</div></main></body></html>`;

describe('a citation that stands as a paragraph of its own', () => {
  it.each([
    ['between the halves of a split paragraph', `<p>Its default is</p> ${marker('2 GiB, source 1')} <p>and more.</p>`],
    ['in a paragraph with nothing else', `<p> ${marker('2 GiB, source 1')} </p>`],
    [
      'between paragraphs of a table cell',
      `<table><tr><td><p>allows</p>${marker('2 GiB, source 1')}<p>and</p></td></tr></table>`,
    ],
  ])('is refused %s, named by its accessible name', (_name, content) => {
    const { problems } = checkBuiltPage(page(content));
    expect(problems).toEqual([
      'a citation stands as a paragraph of its own (2 GiB, source 1): join it to its sentence in the MDX',
    ]);
  });

  it.each([
    ['inside its sentence', `<p>Its default is ${marker('x')} and more.</p>`],
    [
      'in a tight list item beside a nested list',
      `<ul><li>Its default is ${marker('x')}<ul><li>sub</li></ul></li></ul>`,
    ],
    ['in a table cell', `<table><tr><td>${marker('x')}</td></tr></table>`],
  ])('is accepted %s', (_name, content) => {
    expect(checkBuiltPage(page(content)).problems).toEqual([]);
  });
});
