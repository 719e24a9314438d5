import { describe, expect, it } from 'vitest';
import { chromiumPathForTests } from '../helpers/browser.ts';
import { buildFixtureSite, removeFixture } from '../helpers/fixture-site.ts';

const prose = 'This page exists to prove that the build refuses a diagram Mermaid cannot parse. '.repeat(4);

// Only a build with Chromium renders diagrams, so only it can refuse one.
describe.skipIf(!chromiumPathForTests())('a diagram that fails to render', () => {
  it('fails the build and names the MDX file and line', async () => {
    const build = await buildFixtureSite({
      'index.mdx': `---\ntitle: Fixture\n---\n\n${prose}\n\n\`\`\`mermaid\nflowchart LR\n  A --> \n  this is not mermaid ((( \n\`\`\`\n`,
    });
    try {
      expect(build.status).not.toBe(0);
      expect(build.output).toContain('Diagram at content/docs/index.mdx:7 failed to render');
      expect(build.output).toContain("Mermaid's line 3 is content/docs/index.mdx:10");
    } finally {
      removeFixture(build);
    }
  });
});
