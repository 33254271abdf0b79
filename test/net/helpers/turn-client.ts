/**
 * Just enough of a STUN/TURN client (RFC 8489, RFC 8656) to ask a real coturn what the
 * tests need: a Binding, an Allocate with long-term credentials, a CreatePermission.
 * Each client is one UDP socket on loopback: one TURN allocation at most, as in coturn.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';

const MAGIC = 0x2112a442;
const BINDING = 0x0001;
const ALLOCATE = 0x0003;
const CREATE_PERMISSION = 0x0008;
const SUCCESS = 0x0100;
const USERNAME = 0x0006;
const MESSAGE_INTEGRITY = 0x0008;
const ERROR_CODE = 0x0009;
const XOR_PEER_ADDRESS = 0x0012;
const REALM = 0x0014;
const NONCE = 0x0015;
const REQUESTED_TRANSPORT = 0x0019;
const UDP = 17;

type Attributes = [type: number, value: Buffer][];

/** The answer: 0 for success, else its ERROR-CODE (401, 403, 486...). */
export interface Answer {
  code: number;
  attributes: Map<number, Buffer>;
}

const attribute = (type: number, value: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(type, 0);
  head.writeUInt16BE(value.length, 2);
  return Buffer.concat([head, value, Buffer.alloc((4 - (value.length % 4)) % 4)]);
};

function encode(method: number, attributes: Attributes, key?: Buffer): Buffer {
  const header = Buffer.alloc(20);
  header.writeUInt16BE(method, 0);
  header.writeUInt32BE(MAGIC, 4);
  randomBytes(12).copy(header, 8);
  let body = Buffer.concat(attributes.map(([type, value]) => attribute(type, value)));
  if (key) {
    // The integrity covers the header with a length that counts the integrity itself.
    header.writeUInt16BE(body.length + 24, 2);
    const mac = createHmac('sha1', key)
      .update(Buffer.concat([header, body]))
      .digest();
    body = Buffer.concat([body, attribute(MESSAGE_INTEGRITY, mac)]);
  }
  header.writeUInt16BE(body.length, 2);
  return Buffer.concat([header, body]);
}

function decode(message: Buffer): Answer {
  const attributes = new Map<number, Buffer>();
  for (let at = 20; at + 4 <= message.length;) {
    const length = message.readUInt16BE(at + 2);
    attributes.set(message.readUInt16BE(at), message.subarray(at + 4, at + 4 + length));
    at += 4 + length + ((4 - (length % 4)) % 4);
  }
  const isSuccess = (message.readUInt16BE(0) & 0x0110) === SUCCESS;
  const error = attributes.get(ERROR_CODE);
  const code = isSuccess || !error ? 0 : (error[2]! & 7) * 100 + error[3]!;
  return { code, attributes };
}

/** An IPv4 address and port, XORed with the magic cookie (XOR-PEER-ADDRESS). */
function xorAddress(ip: string, port: number): Buffer {
  const value = Buffer.alloc(8);
  value.writeUInt16BE(0x0001, 0);
  value.writeUInt16BE(port ^ (MAGIC >>> 16), 2);
  const address = ip.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
  value.writeUInt32BE((address ^ MAGIC) >>> 0, 4);
  return value;
}

export class TurnClient {
  private readonly socket: Socket = createSocket('udp4');
  private key: Buffer | null = null;
  private auth: Attributes = [];

  private constructor(private readonly port: number) {}

  static async open(port: number): Promise<TurnClient> {
    const client = new TurnClient(port);
    await new Promise<void>((done) => client.socket.bind(0, '127.0.0.1', done));
    return client;
  }

  private ask(method: number, attributes: Attributes, key?: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer from the TURN server')), 3000);
      this.socket.once('message', (message) => {
        clearTimeout(timer);
        resolve(decode(message));
      });
      this.socket.send(encode(method, attributes, key), this.port, '127.0.0.1');
    });
  }

  binding(): Promise<Answer> {
    return this.ask(BINDING, []);
  }

  /** Allocates a UDP relay with long-term credentials, after the server's challenge. */
  async allocate(username: string, password: string): Promise<Answer> {
    const transport: Attributes = [[REQUESTED_TRANSPORT, Buffer.from([UDP, 0, 0, 0])]];
    const challenge = await this.ask(ALLOCATE, transport);
    const realm = challenge.attributes.get(REALM);
    const nonce = challenge.attributes.get(NONCE);
    if (challenge.code !== 401 || !realm || !nonce) return challenge;
    this.key = createHash('md5').update(`${username}:${realm}:${password}`).digest();
    this.auth = [
      [USERNAME, Buffer.from(username)],
      [REALM, realm],
      [NONCE, nonce],
    ];
    return this.ask(ALLOCATE, [...transport, ...this.auth], this.key);
  }

  /** Asks leave to relay to `ip`, once allocated. */
  permit(ip: string): Promise<Answer> {
    if (!this.key) throw new Error('allocate first');
    return this.ask(
      CREATE_PERMISSION,
      [[XOR_PEER_ADDRESS, xorAddress(ip, 9)], ...this.auth],
      this.key,
    );
  }

  close(): Promise<void> {
    return new Promise((done) => this.socket.close(done));
  }
}
