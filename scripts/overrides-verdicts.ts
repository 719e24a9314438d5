/**
 * Regenerates test/unit/model/fixtures/overrides-go-verdicts.json: each value the file already
 * holds, judged again by upstream's own Go parsers (src/tooling/go-overrides-verdicts.ts). Add a
 * value to the file's `cases` (any verdict) and run this to record what Go makes of it.
 *
 *   npm run fixtures:overrides
 *
 * Needs Go (apt-get install -y golang-go) and CITATION_MIRRORS naming spf13/pflag and
 * kubernetes/apiserver. Exit status: 0 written, 1 failed (the message says why).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { goOverridesVerdicts, goVersion, UPSTREAM } from '../src/tooling/go-overrides-verdicts.ts';
import { ROOT } from '../src/tooling/paths.ts';

const FILE = join(ROOT, 'test/unit/model/fixtures/overrides-go-verdicts.json');

try {
  const old = JSON.parse(readFileSync(FILE, 'utf8')) as { cases: { value: string }[] };
  const values = [...new Set(old.cases.map((c) => c.value))];
  const cases = goOverridesVerdicts(values);
  const { pflag, apiserver } = UPSTREAM;
  const generatedWith = `${goVersion()} encoding/csv + spf13/pflag ${pflag.tag} readAsCSV and kubernetes/apiserver ${apiserver.tag} ParseEtcdServersOverrides, copied from the snapshots by npm run fixtures:overrides`;
  const text = await format(JSON.stringify({ generatedWith, cases }), {
    ...(await resolveConfig(FILE)),
    filepath: FILE,
  });
  writeFileSync(FILE, text);
  const changed = cases.filter((c, i) => JSON.stringify(c) !== JSON.stringify(old.cases[i])).length;
  console.log(`Wrote ${cases.length} verdicts to ${FILE} (${changed} differ from the file before).`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
