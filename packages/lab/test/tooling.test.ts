import { createServer, connect, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Cleanup } from '../src/cleanup.ts';
import { explainEtcdExit } from '../src/cluster.ts';
import { grpcCode } from '../src/client.ts';
import { startDelayProxy, type DelayProxy } from '../src/delay-proxy.ts';
import { parseEtcdVersion } from '../src/etcd-binary.ts';
import { explainConnectError, parseEndpoints, peerPortEndpoints } from '../src/probe.ts';
import { assertPortFree } from '../src/ports.ts';

describe('delay proxy', () => {
  let echo: Server;
  let proxy: DelayProxy;
  afterEach(async () => {
    await proxy?.close();
    await new Promise((r) => echo?.close(r));
  });

  /** Round trip of one small message through 127.0.0.1:port to the echo server, ms. */
  async function roundTrip(port: number, payload: Buffer): Promise<{ ms: number; echoed: Buffer }> {
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.setNoDelay(true);
    const t0 = performance.now();
    const chunks: Buffer[] = [];
    const done = new Promise<void>((resolve) =>
      socket.on('data', (d: Buffer) => {
        chunks.push(d);
        if (Buffer.concat(chunks).length >= payload.length) resolve();
      }),
    );
    socket.write(payload);
    await done;
    const ms = performance.now() - t0;
    socket.destroy();
    return { ms, echoed: Buffer.concat(chunks) };
  }

  it('adds the requested RTT and keeps the bytes in order', async () => {
    echo = createServer((s) => s.pipe(s));
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', () => r()));
    const target = (echo.address() as AddressInfo).port;
    proxy = await startDelayProxy(target, 40);
    const payload = Buffer.from(Array.from({ length: 200_000 }, (_, i) => i % 251));
    // Each direction waits 20 ms (the flush may run 0.2 ms early), so no round trip through the
    // proxy can be shorter than 39.6 ms however fast or slow loopback is at the moment; a
    // difference against a direct round trip would depend on the machine's load.
    const through = await roundTrip(proxy.port, Buffer.from('x'));
    expect(through.ms).toBeGreaterThanOrEqual(39.5);
    expect(through.ms).toBeLessThan(40 + 200); // generous: the machine is shared
    const big = await roundTrip(proxy.port, payload);
    expect(big.echoed.equals(payload)).toBe(true);
  });

  it('refuses a negative RTT', async () => {
    await expect(startDelayProxy(1, -1)).rejects.toThrow(RangeError);
  });
});

describe('cleanup', () => {
  it('undoes newest first, once, and collects failures', async () => {
    const order: string[] = [];
    const c = new Cleanup();
    c.add('a', () => void order.push('a'));
    const early = c.add('b', () => void order.push('b'));
    c.add('c', () => {
      throw new Error('boom');
    });
    c.add('d', () => void order.push('d'));
    await early();
    expect(await c.run()).toEqual(['c: boom']);
    expect(order).toEqual(['b', 'd', 'a']);
    expect(await c.run()).toEqual([]);
    expect(order).toEqual(['b', 'd', 'a']);
  });
});

describe('messages for bad input', () => {
  it('explains etcd exits and connection failures', () => {
    expect(explainEtcdExit(['{"error":"listen tcp 127.0.0.1:2379: bind: address already in use"}'])).toMatch(
      /port 127\.0\.0\.1:2379 is in use/,
    );
    expect(explainEtcdExit(['something else'])).toMatch(/last log lines/);
    expect(explainConnectError('http://h:1', new Error('14 UNAVAILABLE: connect ECONNREFUSED 127.0.0.1:1'))).toMatch(
      /connection refused/,
    );
    expect(
      explainConnectError('https://h:1', new Error('14 UNAVAILABLE: self-signed certificate in certificate chain')),
    ).toMatch(/TLS handshake.*--cacert/);
    expect(explainConnectError('http://h:1', new Error('13 INTERNAL: Received RST_STREAM with code 2'))).toMatch(
      /not as etcd's v3 gRPC API/,
    );
  });
  it('parses etcd --version and gRPC codes', () => {
    expect(parseEtcdVersion('etcd Version: 3.4.23\nGit SHA: x\nGo Version: go1.19.8\n')).toEqual({
      version: '3.4.23',
      goVersion: 'go1.19.8',
    });
    expect(parseEtcdVersion('Usage: something')).toBeNull();
    expect(grpcCode(new Error('14 UNAVAILABLE: etcdserver: request timed out'))).toBe('UNAVAILABLE');
    expect(grpcCode(new Error('no code here'))).toBeNull();
  });
  it("names an endpoint that is a member's peer URL, with that member's client URL", () => {
    const members = [
      { name: 'a', peerUrls: ['https://10.0.0.1:2380'], clientUrls: ['https://10.0.0.1:2379'] },
      { name: 'b', peerUrls: ['https://10.0.0.2:2380'], clientUrls: ['https://10.0.0.2:2379'] },
    ];
    expect(peerPortEndpoints(['https://10.0.0.2:2380', 'https://10.0.0.1:2379'], members)).toEqual([
      "https://10.0.0.2:2380 is member b's peer URL, not a client URL: probe its client URL instead (https://10.0.0.2:2379)",
    ]);
  });

  it('checks endpoints', () => {
    expect(parseEndpoints('https://a:2379, http://b:2379').map((u) => u.host)).toEqual(['a:2379', 'b:2379']);
    expect(() => parseEndpoints('a:2379')).toThrow(/must start with https/);
    expect(() => parseEndpoints('localhost')).toThrow(/not a URL/);
    expect(() => parseEndpoints('https://a')).toThrow(/no port/);
    expect(() => parseEndpoints(' , ')).toThrow(/empty/);
  });
  it('names a port in use', async () => {
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
    const port = (s.address() as AddressInfo).port;
    await expect(assertPortFree(port)).rejects.toThrow(new RegExp(`port 127\\.0\\.0\\.1:${port} is in use`));
    await new Promise((r) => s.close(r));
    await expect(assertPortFree(port)).resolves.toBeUndefined();
  });
});
