/**
 * Shiki language id for a cited file, from its name. Unknown extensions get
 * plain text rather than a wrong grammar.
 */
const BY_EXTENSION: Record<string, string> = {
  go: 'go',
  ts: 'ts',
  tsx: 'tsx',
  js: 'js',
  mjs: 'js',
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  md: 'md',
  sh: 'sh',
  bash: 'sh',
  proto: 'proto',
  py: 'python',
  rs: 'rust',
  toml: 'toml',
  c: 'c',
  h: 'c',
};

const BY_NAME: Record<string, string> = {
  Makefile: 'makefile',
  Dockerfile: 'dockerfile',
  'go.mod': 'go',
  'go.sum': 'txt',
};

/** @param path - repository path such as `server/etcdserver/v3_server.go`. @returns a Shiki language id, `txt` when unknown. */
export function languageOf(path: string): string {
  const name = path.split('/').at(-1) ?? '';
  if (name in BY_NAME) return BY_NAME[name]!;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? (BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? 'txt') : 'txt';
}
