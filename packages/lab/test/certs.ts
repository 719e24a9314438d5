/**
 * Throwaway certificate authorities and certificates for the probe's TLS tests, made with the
 * openssl CLI (present on Debian and in CI images); the test skips visibly without it.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Whether an openssl binary answers `openssl version`. */
export function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

const openssl = (dir: string, args: string[]): void => {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe', timeout: 20_000 });
};

/**
 * Writes `<name>-ca.pem/-ca.key`, a server certificate for 127.0.0.1 (`<name>-server.pem/.key`)
 * and a client certificate (`<name>-client.pem/.key`) into `dir`, all signed by that CA.
 */
export function makeCa(
  dir: string,
  name: string,
): { ca: string; serverCert: string; serverKey: string; clientCert: string; clientKey: string } {
  const f = (s: string): string => join(dir, `${name}-${s}`);
  openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    `/CN=${name} lab CA`,
    '-keyout',
    f('ca.key'),
    '-out',
    f('ca.pem'),
  ]);
  writeFileSync(f('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth,clientAuth\n');
  writeFileSync(f('client.ext'), 'extendedKeyUsage=clientAuth\n');
  for (const who of ['server', 'client']) {
    openssl(dir, [
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-subj',
      `/CN=${name} ${who}`,
      '-keyout',
      f(`${who}.key`),
      '-out',
      f(`${who}.csr`),
    ]);
    openssl(dir, [
      'x509',
      '-req',
      '-in',
      f(`${who}.csr`),
      '-CA',
      f('ca.pem'),
      '-CAkey',
      f('ca.key'),
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      f(`${who}.ext`),
      '-out',
      f(`${who}.pem`),
    ]);
  }
  return {
    ca: f('ca.pem'),
    serverCert: f('server.pem'),
    serverKey: f('server.key'),
    clientCert: f('client.pem'),
    clientKey: f('client.key'),
  };
}
