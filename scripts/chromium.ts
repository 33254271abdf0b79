/**
 * How Fair Deal drives Debian's Chromium headless (browser tests and the
 * benchmark): these flags keep it off the network it cannot reach here, and
 * let WebRTC connect over loopback.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];
