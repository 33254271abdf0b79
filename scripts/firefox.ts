/**
 * Debian's Firefox ESR beside the stack's Chromium (scripts/stack.ts), driven over
 * WebDriver BiDi by Puppeteer: Playwright's Firefox needs a build of its own or a newer
 * Firefox than Debian ships. A Firefox player is a browser context of its own (storage,
 * PeerJS id) with one page, wrapped so that the table helpers written for Playwright's
 * pages (`Seat`) play it too.
 */
import puppeteer, {
  type Browser,
  type BrowserContext,
  type KeyInput,
  type Page,
} from 'puppeteer-core';
import { confirmMovesOff, type Seat, type SeatItem } from './stack.ts';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Firefox names its host candidates by mDNS names (`….local`) for a page that may not
 * use the camera: plain addresses spare the other browser resolving them. Unlike
 * Chromium, Firefox gathers no candidate on loopback (with `media.peerconnection.ice.loopback`
 * set too, in a network namespace that has only loopback it gathers none): it connects
 * over the machine's own address, which keeps the traffic on this machine all the same.
 */
const FIREFOX_PREFS = {
  'media.peerconnection.ice.obfuscate_host_addresses': false,
  // No service worker, as for Chromium's players (scripts/stack.ts): it would fetch the
  // whole app again, the QR reader's WebAssembly too, for every player.
  'dom.serviceWorkers.enabled': false,
};

/** The desktop size every Firefox page opens at (Puppeteer's own default is 800x600). */
export const FIREFOX_VIEWPORT = { width: 1280, height: 800 } as const;

/** An element found by its test id; the first one, when several match. */
class FirefoxItem implements SeatItem {
  constructor(
    private readonly page: Page,
    private readonly selector: string,
  ) {}

  /** Waits until the element is in the page, as Playwright's locators do before reading it. */
  private found() {
    return this.page.waitForSelector(this.selector).then((handle) => {
      if (handle === null) throw new Error(`${this.selector} is gone`);
      return handle;
    });
  }

  fill(value: string) {
    return this.page.locator(this.selector).fill(value);
  }

  click() {
    return this.page.locator(this.selector).click();
  }

  async check() {
    const handle = await this.found();
    if (!(await handle.evaluate((box) => (box as HTMLInputElement).checked))) await this.click();
  }

  /** Puppeteer fills a select by choosing the option of that value. */
  selectOption(value: string) {
    return this.fill(value);
  }

  async inputValue() {
    return (await this.found()).evaluate((input) => (input as HTMLInputElement).value);
  }

  async textContent() {
    return (await this.found()).evaluate((element) => element.textContent);
  }

  count() {
    return this.page.$$eval(this.selector, (elements) => elements.length);
  }

  async isEnabled() {
    return (await this.found()).evaluate((element) => !(element as HTMLButtonElement).disabled);
  }

  async waitFor(options: { timeout?: number } = {}) {
    await this.page.waitForSelector(this.selector, { visible: true, ...options });
  }
}

/**
 * A page in a window of its own: a tab behind another tab gets no animation frames,
 * and Puppeteer waits for two before it clicks or fills.
 */
async function openPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage({ type: 'window' });
  page.on('pageerror', (error) => console.error(`Firefox page error: ${String(error)}`));
  await page.evaluateOnNewDocument(confirmMovesOff);
  return page;
}

/** A Firefox player: its own browser context and a page in it. */
export class FirefoxPlayer implements Seat {
  constructor(readonly page: Page) {}

  /** The same player in a second page, as a second tab of the player's browser would be. */
  async openAnother(): Promise<FirefoxPlayer> {
    return new FirefoxPlayer(await openPage(this.page.browserContext()));
  }

  goto(url: string) {
    return this.page.goto(url);
  }

  /**
   * Presses `key` (a space is `' '`) in this page. Firefox lets a key press no button of
   * a window without the focus, and the last window opened takes it: the page's window
   * is brought to the front first when it lacks the focus.
   */
  async press(key: KeyInput, { shift = false } = {}) {
    if (!(await this.page.evaluate(() => document.hasFocus()))) await this.page.bringToFront();
    const { keyboard } = this.page;
    if (shift) await keyboard.down('Shift');
    await keyboard.press(key);
    if (shift) await keyboard.up('Shift');
  }

  url() {
    return this.page.url();
  }

  getByTestId(testId: string) {
    return new FirefoxItem(this.page, `[data-testid="${testId}"]`);
  }

  async screenshot({ path, fullPage }: { path: string; fullPage: boolean }) {
    await this.page.screenshot({ path: path as `${string}.png`, fullPage });
  }

  evaluate<R>(script: () => R | Promise<R>): Promise<R> {
    return this.page.evaluate(script) as Promise<R>;
  }
}

export interface Firefox {
  newPlayer(): Promise<FirefoxPlayer>;
  /** Closes every player made so far. */
  closePlayers(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a headless Firefox with a fresh temporary profile, removed again by `close`. */
export async function startFirefox(): Promise<Firefox> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: FIREFOX_VIEWPORT,
    extraPrefsFirefox: FIREFOX_PREFS,
  });
  const players = new Set<BrowserContext>();
  return {
    async newPlayer() {
      const context = await browser.createBrowserContext();
      players.add(context);
      return new FirefoxPlayer(await openPage(context));
    },
    async closePlayers() {
      const closing = [...players];
      players.clear();
      await Promise.all(closing.map((context) => context.close()));
    },
    close: () => browser.close(),
  };
}
