/** comlink ships the types of its node adapter as node-adapter.d.ts, beside the .mjs file it runs. */
declare module 'comlink/dist/esm/node-adapter.mjs' {
  export { default } from 'comlink/dist/esm/node-adapter';
}
