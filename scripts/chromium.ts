/**
 * How Fair Deal drives Debian's Chromium headless (browser tests and the
 * benchmark): these flags keep it off the network it cannot reach here, and
 * let WebRTC connect over loopback.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's `chromium-headless-shell`: the same Chromium, same version, without the
 * browser around it. The browser tests run their pages in it, as it costs less to start
 * and run (measured in CONTRIBUTING.md, "Test"); the few flows that need what only the
 * whole browser has (system notifications, the install check, a fake camera) use
 * `CHROMIUM_PATH`, and the benchmark measures in the browser players run.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

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
