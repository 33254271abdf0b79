/**
 * Pairing codes: what two players exchange, by copy and paste or by QR code, to open a
 * WebRTC link with no signaling server (`direct.ts`).
 *
 * An offer or answer carries a whole session description, but a data channel needs only
 * a few of its lines: the ICE credentials (ufrag, pwd), the DTLS certificate fingerprint,
 * the DTLS role (setup) and the candidates gathered, all of them (no trickle: the code is
 * made once gathering is complete). A code keeps just those, with the table, the
 * sender's peer id and a pairing nonce that the answer repeats, as a few lines of text;
 * deflated (`deflate-raw`) and written in base64url, it fits a QR code. The other side
 * rebuilds a session description Chromium and Firefox accept from it (`toSdp`).
 *
 * A code is read as hostile input: its length, the size it inflates to and every field
 * are bounded and checked, and a bad one is refused with words a player can act on.
 */
import { hostPeerId, isPeerIdOf, isTableId } from './ids.ts';

export type CandidateType = 'host' | 'srflx' | 'prflx' | 'relay';

export interface Candidate {
  type: CandidateType;
  /** An IPv4 or IPv6 address, or a browser's mDNS name (`<uuid>.local`). */
  address: string;
  port: number;
}

export type PairingKind = 'offer' | 'answer';

export interface Pairing {
  kind: PairingKind;
  table: string;
  /** The sender's peer id, of `table`. */
  peer: string;
  /** Chosen by the offer; its answer repeats it. */
  nonce: string;
  ufrag: string;
  pwd: string;
  /** The SHA-256 fingerprint of the sender's DTLS certificate, 64 lowercase hex digits. */
  fingerprint: string;
  setup: 'actpass' | 'active' | 'passive';
  candidates: Candidate[];
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };
const fail = (error: string): Parsed<never> => ({ ok: false, error });

/** Longest code accepted: a code with all `MAX_CANDIDATES` IPv6 candidates stays well below it. */
export const MAX_CODE_CHARS = 1500;
/** Most bytes a code may inflate to; a bigger one is refused as it inflates. */
const MAX_TEXT_BYTES = 2048;
export const MAX_CANDIDATES = 8;
const VERSION = 'F1';

const KIND_LETTER: Record<PairingKind, string> = { offer: 'o', answer: 'a' };
const SETUP_LETTER = { actpass: 'x', active: 'c', passive: 's' } as const;
const TYPE_LETTER: Record<CandidateType, string> = {
  host: 'h',
  srflx: 's',
  prflx: 'p',
  relay: 'r',
};
/** RFC 8445's recommended type preferences, for the priorities of rebuilt candidates. */
const TYPE_PREFERENCE: Record<CandidateType, number> = {
  host: 126,
  prflx: 110,
  srflx: 100,
  relay: 0,
};

const NONCE = /^[a-z2-9]{8}$/;
/** ICE characters (RFC 8839): letters, digits, `+` and `/`. */
const UFRAG = /^[A-Za-z0-9+/]{4,64}$/;
const PWD = /^[A-Za-z0-9+/]{22,64}$/;
const FINGERPRINT = /^[0-9a-f]{64}$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:.]{2,45}$/i;
const MDNS = /^[0-9a-z-]{1,64}\.local$/i;
const PORT = /^[1-9]\d{0,4}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const keyOf = <T extends string>(table: Record<T, string>, letter: string | undefined): T | null =>
  (Object.keys(table) as T[]).find((key) => table[key] === letter) ?? null;

/** The peer id part a code writes: `host`, or a guest's random suffix. */
function peerSuffix(table: string, peer: string): string {
  return peer.slice(`fairdeal-${table}-`.length);
}

/** Reads what a code needs from a complete (gathered) session description. */
export function fromSdp(
  sdp: string,
  kind: PairingKind,
  table: string,
  peer: string,
  nonce: string,
): Parsed<Pairing> {
  const value = (name: string) =>
    sdp
      .split(/\r?\n/)
      .find((line) => line.startsWith(`a=${name}:`))
      ?.slice(name.length + 3)
      .trim();
  const fingerprint = value('fingerprint');
  if (!fingerprint?.toLowerCase().startsWith('sha-256 '))
    return fail('the browser made no SHA-256 certificate fingerprint');
  const candidates: Candidate[] = [];
  for (const line of sdp.split(/\r?\n/)) {
    // candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> ...
    const parts = line.startsWith('a=candidate:') ? line.slice(12).split(' ') : [];
    if (parts.length < 8 || parts[1] !== '1' || parts[2]?.toLowerCase() !== 'udp') continue;
    const type = parts[7] as CandidateType;
    if (!(type in TYPE_LETTER) || candidates.length >= MAX_CANDIDATES) continue;
    candidates.push({ type, address: parts[4]!, port: Number(parts[5]) });
  }
  return check({
    kind,
    table,
    peer,
    nonce,
    ufrag: value('ice-ufrag') ?? '',
    pwd: value('ice-pwd') ?? '',
    fingerprint: fingerprint.slice(8).replaceAll(':', '').toLowerCase(),
    setup: (value('setup') ?? '') as Pairing['setup'],
    candidates,
  });
}

/** Every field of a pairing within its bounds, or what is wrong, in words. */
function check(p: Pairing): Parsed<Pairing> {
  if (!isTableId(p.table)) return fail('it names no table');
  if (p.peer !== hostPeerId(p.table) && !isPeerIdOf(p.table, p.peer))
    return fail('it names no player of its table');
  if (!NONCE.test(p.nonce)) return fail('its pairing number is malformed');
  if (!UFRAG.test(p.ufrag) || !PWD.test(p.pwd)) return fail('its connection password is malformed');
  if (!FINGERPRINT.test(p.fingerprint)) return fail('its certificate fingerprint is malformed');
  if (!(p.setup in SETUP_LETTER)) return fail('its connection role is malformed');
  if (p.kind === 'offer' && p.setup !== 'actpass')
    return fail('an offer leaves the connection role open');
  if (p.kind === 'answer' && p.setup === 'actpass')
    return fail('an answer chooses a connection role');
  if (p.candidates.length === 0) return fail('it carries no address to reach its player at');
  if (p.candidates.length > MAX_CANDIDATES) return fail('it carries too many addresses');
  for (const c of p.candidates) {
    const address =
      IPV4.test(c.address) ||
      MDNS.test(c.address) ||
      (c.address.includes(':') && IPV6.test(c.address));
    if (!address) return fail('one of its addresses is malformed');
    if (!Number.isInteger(c.port) || c.port < 1 || c.port > 65535)
      return fail('one of its ports is malformed');
  }
  return { ok: true, value: p };
}

/** The code's lines, before deflating: a header, then one line per candidate. */
function toText(p: Pairing): string {
  const header = [
    VERSION,
    KIND_LETTER[p.kind],
    p.table,
    peerSuffix(p.table, p.peer),
    p.nonce,
    SETUP_LETTER[p.setup],
    p.ufrag,
    p.pwd,
    p.fingerprint,
  ].join(' ');
  return [header, ...p.candidates.map((c) => `${TYPE_LETTER[c.type]} ${c.address} ${c.port}`)].join(
    '\n',
  );
}

function fromText(text: string): Parsed<Pairing> {
  const [header = '', ...lines] = text.split('\n');
  const fields = header.split(' ');
  if (fields[0] !== VERSION) return fail('it is not a Fair Deal pairing code of this version');
  if (fields.length !== 9) return fail('its first line has the wrong number of fields');
  const [
    ,
    kindLetter,
    table = '',
    suffix = '',
    nonce = '',
    setupLetter,
    ufrag = '',
    pwd = '',
    fp = '',
  ] = fields;
  const kind = keyOf(KIND_LETTER, kindLetter);
  if (!kind) return fail('it is neither an offer nor an answer');
  const setup = keyOf(SETUP_LETTER, setupLetter);
  if (!setup) return fail('its connection role is malformed');
  if (lines.length > MAX_CANDIDATES) return fail('it carries too many addresses');
  const candidates: Candidate[] = [];
  for (const line of lines) {
    const [letter, address = '', port = '', ...rest] = line.split(' ');
    const type = keyOf(TYPE_LETTER, letter);
    if (!type || rest.length > 0 || !PORT.test(port))
      return fail('one of its addresses is malformed');
    candidates.push({ type, address, port: Number(port) });
  }
  return check({
    kind,
    table,
    peer: `fairdeal-${table}-${suffix}`,
    nonce,
    ufrag,
    pwd,
    fingerprint: fp,
    setup,
    candidates,
  });
}

/** A session description a browser accepts, rebuilt from a pairing. */
export function toSdp(p: Pairing): string {
  const colons = p.fingerprint.toUpperCase().match(/../g)!.join(':');
  const candidates = p.candidates.map((c, i) => {
    const priority = (TYPE_PREFERENCE[c.type] << 24) + ((65535 - i) << 8) + 255;
    return `a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.type}`;
  });
  return [
    'v=0',
    `o=- ${Date.now()} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    'a=group:BUNDLE 0',
    'a=msid-semantic: WMS',
    'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
    'c=IN IP4 0.0.0.0',
    ...candidates,
    'a=end-of-candidates',
    `a=ice-ufrag:${p.ufrag}`,
    `a=ice-pwd:${p.pwd}`,
    `a=fingerprint:sha-256 ${colons}`,
    `a=setup:${p.setup}`,
    'a=mid:0',
    'a=sctp-port:5000',
    'a=max-message-size:262144',
    '',
  ].join('\r\n');
}

async function pipe(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
  limit: number,
) {
  const writer = stream.writable.getWriter();
  // Rejections surface on the reading side; the writer's own promises are left to it.
  writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => {});
  writer.close().catch(() => {});
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The code of a checked pairing: its lines, deflated, in base64url. */
export async function encodePairing(p: Pairing): Promise<string> {
  const checked = check(p);
  if (!checked.ok) throw new Error(`cannot make a pairing code: ${checked.error}`);
  const text = new TextEncoder().encode(toText(p));
  const packed = await pipe(text, new CompressionStream('deflate-raw'), MAX_TEXT_BYTES);
  return toBase64Url(packed!);
}

/**
 * Reads a code a player pasted or scanned, or a peer relayed. Whitespace around and
 * inside it (a code split over lines) is ignored; anything else wrong refuses it.
 */
export async function decodePairing(code: string): Promise<Parsed<Pairing>> {
  const trimmed = code.replace(/\s+/g, '');
  if (trimmed.length === 0) return fail('The code is empty.');
  if (trimmed.length > MAX_CODE_CHARS)
    return fail(
      `The code is too long: ${trimmed.length} characters, a pairing code has at most ${MAX_CODE_CHARS}.`,
    );
  const bytes = fromBase64Url(trimmed);
  if (!bytes)
    return fail(
      'This is not a pairing code: it has characters a code never has. Copy it again, whole.',
    );
  let text: Uint8Array | null;
  try {
    text = await pipe(bytes, new DecompressionStream('deflate-raw'), MAX_TEXT_BYTES);
  } catch {
    return fail('This pairing code is damaged: it does not unpack. Copy it again, whole.');
  }
  if (!text) return fail('This pairing code unpacks to more than any pairing code holds.');
  let lines: string;
  try {
    lines = new TextDecoder('utf-8', { fatal: true }).decode(text);
  } catch {
    return fail('This pairing code is damaged: it does not unpack to text.');
  }
  const parsed = fromText(lines);
  return parsed.ok ? parsed : fail(`This pairing code is not valid: ${parsed.error}.`);
}
