/**
 * A translated heading keeps its English page's anchor, so links, calculator state and the
 * citation markers' section links stay the same in every language. The anchor is written as an
 * MDX comment at the end of the heading: `## 奇数のメンバー数 {/* #odd-member-counts *\/}`.
 */

/** The comment's text as MDX gives it (`/* #odd-member-counts *\/`): group 1 is the id. */
export const HEADING_ID_COMMENT = /^\s*\/\*\s*#([a-z0-9][a-z0-9-]*)\s*\*\/\s*$/;

/** The id a heading-id comment names, or undefined when the expression is not one. */
export function headingIdOf(expression: string): string | undefined {
  return HEADING_ID_COMMENT.exec(expression)?.[1];
}
