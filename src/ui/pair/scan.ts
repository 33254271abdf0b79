/**
 * Reading a QR code from the camera. Chromium on Linux (and Firefox) have no
 * `BarcodeDetector`, so the page decodes frames itself with zxing-wasm (the WebAssembly
 * build of zxing-cpp), loaded only when a player scans: its module and its .wasm, served
 * from this app's own build, never from a CDN (the library's default).
 */
type Reader = (frame: ImageData) => Promise<string | null>;

let reader: Promise<Reader> | null = null;

/** The decoder, loaded on first use. */
export function qrReader(): Promise<Reader> {
  reader ??= (async () => {
    const [zxing, wasm] = await Promise.all([
      import('zxing-wasm/reader'),
      import('zxing-wasm/reader/zxing_reader.wasm?url'),
    ]);
    zxing.prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? wasm.default : prefix + path,
      },
    });
    return async (frame) => {
      const [found] = await zxing.readBarcodes(frame, {
        formats: ['QRCode'],
        maxNumberOfSymbols: 1,
      });
      return found?.isValid ? found.text : null;
    };
  })();
  reader.catch(() => (reader = null));
  return reader;
}

/** The pairing code in what a QR code said: the code itself, or an invite link carrying it. */
export function codeIn(text: string): string {
  const at = text.indexOf('#pair=');
  return at < 0 ? text.trim() : text.slice(at + '#pair='.length).trim();
}
