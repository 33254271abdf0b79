/**
 * Real NATs, built with the kernel's own tools (`ip netns`, veth pairs, nftables), for
 * the NAT test (nat.test.ts). Nothing of it touches the machine's own network: every
 * namespace, link and rule lives in namespaces named for this run, and `close` deletes
 * them with everything started in them.
 *
 * ```
 *   home0  192.168.1.2  Chromium            home1  192.168.2.2  Chromium
 *     │ veth                                  │ veth
 *   nat0   192.168.1.1 | 203.0.113.10       nat1   192.168.2.1 | 203.0.113.11
 *     │ veth               nftables           │ veth
 *   pub    bridge, 203.0.113.1: coturn (3478) and the PeerServer (9000)
 * ```
 *
 * The public side runs coturn and the PeerServer. The pages' own origin (the app, or a
 * page of the test's) stays on this machine's loopback: Playwright, which drives each
 * browser over a pipe, answers the pages' requests from there. Signaling and WebRTC go
 * through the NATs.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from '../../scripts/chromium.ts';
import { coturnArgs, TURNSERVER_PATH } from './coturn.ts';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');

/** Where the public side's servers listen: an address of TEST-NET-3, which no real host has. */
export const PUBLIC_IP = '203.0.113.1';
/** The public address of the NAT in front of each home. */
export const NAT_IPS = ['203.0.113.10', '203.0.113.11'] as const;
/**
 * coturn's port, the standard one. The public namespace is this run's alone, so nothing
 * else can hold this port or `SIGNALING_PORT` there: the reason the other tests take free
 * ports does not apply.
 */
const TURN_PORT = 3478;

/**
 * How each NAT maps and filters, as RFC 4787 names it.
 *
 * - `endpoint-independent`: one public port per inside socket whatever it sends to
 *   (masquerade keeps the source port when it is free), and a packet from outside gets in
 *   only once the inside socket has sent to that address and port ("address and port
 *   dependent filtering", the port-restricted cone of most home routers). Two such NATs
 *   pass ICE with STUN alone: each page learns its public port from STUN, and once both
 *   have sent a check to the other's, each NAT lets the other's checks in.
 * - `symmetric`: a fresh random public port for every destination (`fully-random`), with
 *   the same filtering: the port STUN saw is not the one a check to the other page leaves
 *   from, and the other NAT drops checks to it. Only a relay joins two such pages.
 *
 * Both drop unsolicited packets before conntrack confirms them, as a router's firewall
 * does: a packet that reached the NAT's own stack unanswered would otherwise leave an
 * entry behind that makes the next mapping of that port pick another one.
 */
export type NatKind = 'endpoint-independent' | 'symmetric';

const ruleset = (kind: NatKind) => `flush ruleset
table ip nat {
  chain postrouting {
    type nat hook postrouting priority srcnat;
    oifname "pub" masquerade${kind === 'symmetric' ? ' fully-random' : ''}
  }
}
table ip filter {
  chain input {
    type filter hook input priority filter;
    iifname "pub" ct state new drop
  }
  chain forward {
    type filter hook forward priority filter;
    iifname "pub" ct state new drop
  }
}
`;

export interface Coturn {
  /** `stun:` URI of its STUN service. */
  stun: string;
  /** `turn:` URI of its relay, over UDP. */
  turn: string;
}

/** Where the PeerServer listens, on the public side. */
export const SIGNALING_PORT = 9000;

export interface NatLab {
  /** Sets both NATs to `kind`; new connections map and filter as it says. */
  setNat(kind: NatKind): Promise<void>;
  /** A headless Chromium (fresh profile) whose every packet leaves from `home`. */
  launchBrowser(home: 0 | 1): Promise<Browser>;
  /** coturn on the public side with `use-auth-secret`, ready once this resolves. */
  startCoturn(secret: string): Promise<Coturn>;
  /** The PeerServer of scripts/servers.ts on the public side, at `SIGNALING_PORT`. */
  startSignaling(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Builds the namespaces of the drawing above, with NATs of `kind`. Needs root (as CI
 * runs): a clear error says so otherwise. On any failure it removes what it made.
 */
export async function startNatLab(kind: NatKind): Promise<NatLab> {
  if (process.getuid?.() !== 0)
    throw new Error('the NAT test builds network namespaces: run it as root (CI does)');
  const id = randomBytes(3).toString('hex');
  const pub = `fairdeal-${id}-pub`;
  const nats = [`fairdeal-${id}-nat0`, `fairdeal-${id}-nat1`];
  const homes = [`fairdeal-${id}-home0`, `fairdeal-${id}-home1`];
  const made: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-nat-'));
  const children: ChildProcess[] = [];
  const ip = (...args: string[]) => run('ip', args);
  const inside = (ns: string, ...command: string[]) => run('ip', ['netns', 'exec', ns, ...command]);

  const close = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const ns of made) {
      // Whatever still runs in it (a browser that did not close) goes with it.
      const { stdout } = await ip('netns', 'pids', ns).catch(() => ({ stdout: '' }));
      for (const pid of stdout.split(/\s+/).filter(Boolean)) {
        try {
          process.kill(Number(pid), 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
      // Deleting a namespace deletes its links; a veth pair goes with either end.
      await ip('netns', 'delete', ns).catch(() => undefined);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const setNat = async (kind: NatKind) => {
    for (const ns of nats) {
      const file = join(dir, `${ns}.nft`);
      writeFileSync(file, ruleset(kind));
      await inside(ns, 'nft', '-f', file);
    }
  };

  try {
    for (const ns of [pub, ...nats, ...homes]) {
      await ip('netns', 'add', ns);
      made.push(ns);
      await ip('-n', ns, 'link', 'set', 'lo', 'up');
    }
    await ip('-n', pub, 'link', 'add', 'br0', 'type', 'bridge');
    await ip('-n', pub, 'addr', 'add', `${PUBLIC_IP}/24`, 'dev', 'br0');
    await ip('-n', pub, 'link', 'set', 'br0', 'up');
    for (const [i, nat] of nats.entries()) {
      const home = homes[i]!;
      await ip(
        '-n',
        nat,
        'link',
        'add',
        'pub',
        'type',
        'veth',
        'peer',
        'name',
        `nat${i}`,
        'netns',
        pub,
      );
      await ip('-n', pub, 'link', 'set', `nat${i}`, 'master', 'br0', 'up');
      await ip('-n', nat, 'addr', 'add', `${NAT_IPS[i]}/24`, 'dev', 'pub');
      await ip('-n', nat, 'link', 'set', 'pub', 'up');
      await ip(
        '-n',
        nat,
        'link',
        'add',
        'home',
        'type',
        'veth',
        'peer',
        'name',
        'eth0',
        'netns',
        home,
      );
      await ip('-n', nat, 'addr', 'add', `192.168.${i + 1}.1/24`, 'dev', 'home');
      await ip('-n', nat, 'link', 'set', 'home', 'up');
      // Forwarding is per namespace: this sets the NAT's alone, never the machine's.
      await inside(nat, 'sh', '-c', 'echo 1 > /proc/sys/net/ipv4/ip_forward');
      await ip('-n', home, 'addr', 'add', `192.168.${i + 1}.2/24`, 'dev', 'eth0');
      await ip('-n', home, 'link', 'set', 'eth0', 'up');
      await ip('-n', home, 'route', 'add', 'default', 'via', `192.168.${i + 1}.1`);
    }
    await setNat(kind);
  } catch (error) {
    await close();
    throw error;
  }

  return {
    setNat,
    async launchBrowser(home) {
      // Playwright runs the browser through this script, over the pipe it opens on fds 3 and 4,
      // which `ip netns exec` leaves open.
      const wrapper = join(dir, `chromium-${home}`);
      writeFileSync(
        wrapper,
        `#!/bin/sh\nexec ip netns exec ${homes[home]} ${HEADLESS_SHELL_PATH} "$@"\n`,
      );
      chmodSync(wrapper, 0o755);
      // No loopback candidates: this browser's loopback is its home's alone, no page to reach there.
      const args = CHROMIUM_FLAGS.filter((flag) => flag !== '--allow-loopback-in-peer-connection');
      return chromium.launch({ executablePath: wrapper, args });
    },
    async startCoturn(secret) {
      const log = join(dir, 'turn.log');
      const child = spawn(
        'ip',
        ['netns', 'exec', pub, TURNSERVER_PATH, ...coturnArgs(PUBLIC_IP, TURN_PORT, secret, dir)],
        { stdio: 'ignore' },
      );
      children.push(child);
      // Ready once its UDP socket is bound: what STUN and the relay's allocations reach.
      for (;;) {
        if (child.exitCode !== null) {
          const said = readFileSync(log, { encoding: 'utf8', flag: 'a+' });
          throw new Error(`turnserver stopped before it listened:\n${said}`);
        }
        const { stdout } = await inside(pub, 'ss', '-Hlun', `sport = :${TURN_PORT}`);
        if (stdout.trim() !== '') break;
        await sleep(50);
      }
      const at = `${PUBLIC_IP}:${TURN_PORT}`;
      return { stun: `stun:${at}`, turn: `turn:${at}?transport=udp` };
    },
    async startSignaling() {
      // A Node of its own, as a process cannot listen in another namespace; it ends when
      // this one does, as its stdin closes.
      const child = spawn(
        'ip',
        [
          'netns',
          'exec',
          pub,
          process.execPath,
          '--import',
          'tsx',
          '--input-type=module',
          '--eval',
          `const { startSignaling } = await import('./scripts/servers.ts');
           await startSignaling(${SIGNALING_PORT});
           process.stdin.on('end', () => process.exit()).resume();
           console.log('listening');`,
        ],
        { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
      );
      children.push(child);
      await new Promise<void>((listening, failed) => {
        child.stdout.once('data', () => listening());
        child.once('exit', (code) => failed(new Error(`the PeerServer stopped (${code})`)));
      });
    },
    close,
  };
}
