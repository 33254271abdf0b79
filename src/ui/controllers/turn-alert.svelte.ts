/**
 * TurnAlert: when the table waits on this player's move and their tab is hidden, the tab
 * says so: its title starts with "Your turn" (`TabTitle`, which the chat marks too) and
 * its icon gets a dot. A short chime plays
 * if the player turned the sound on, and a system notification shows if they turned
 * notifications on and the browser allows them. Both choices are kept in this browser's
 * storage, and both are off until the player turns them on: the permission for
 * notifications is asked for then, on their click, never unprompted. Once the tab is
 * seen again, or the table no longer waits on the player, title and icon come back and
 * the notification goes. The chime and the notification come once each time the alert
 * starts, not again while it lasts; and once more when the player's own time on a timed
 * table runs low (`LOW_SECONDS`), the tab hidden or not for the chime.
 */
import type { Json } from '../../engine/encoding.ts';
import type { TableSession } from '../../net/table.ts';
import { LOW_SECONDS } from './absences.svelte.ts';
import type { TabTitle } from './tab-title.ts';

const SOUND_KEY = 'fairdeal.turnSound';
const NOTIFY_KEY = 'fairdeal.turnNotify';
const TURN_TITLE = 'Your turn';

/** The page's card icon with a gold dot in its corner. */
const ALERT_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect x='6' y='2' width='20' height='28' rx='3' fill='%23fdfdf8'/%3E%3Ctext x='16' y='22' font-size='16' text-anchor='middle' fill='%23c0262d'%3E%E2%99%A5%3C/text%3E%3Ccircle cx='25' cy='7' r='7' fill='%23f6c343' stroke='%231a202c' stroke-width='2'/%3E%3C/svg%3E";

/** What the browser lets this page do with notifications; `unsupported` where it has none. */
type NotifyPermission = NotificationPermission | 'unsupported';

const permissionNow = (): NotifyPermission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

export class TurnAlert {
  /** The player wants the chime. */
  sound = $state(false);
  /** The player wants a notification, and the browser allows it. */
  notify = $state(false);
  permission = $state<NotifyPermission>(permissionNow());
  /** True while the browser asks the player whether to allow notifications. */
  asking = $state(false);
  private alerting = false;
  /** The icon the alert replaced, null when the page had none; undefined while no alert is on. */
  private savedIcon: string | null | undefined = undefined;
  private notification: Notification | null = null;
  private audio: AudioContext | null = null;
  /** The deadline this player was last told runs low: each is told once. */
  private hurried: number | null = null;

  /**
   * `autoplay` says whether the computer plays this seat's moves (no alert then); `game`
   * names the table's game in the notification; `tab` is the title the alert marks.
   */
  constructor(
    private readonly session: TableSession<Json>,
    private readonly autoplay: () => boolean,
    private readonly game: string,
    private readonly tab: TabTitle,
  ) {
    this.sound = localStorage.getItem(SOUND_KEY) === 'on';
    this.notify = localStorage.getItem(NOTIFY_KEY) === 'on' && this.permission === 'granted';
  }

  /**
   * Follows the table and the tab's visibility until the function returned is called,
   * which also ends an alert under way.
   */
  follow(): () => void {
    const update = () => this.update();
    const unsubscribe = this.session.subscribe(update);
    document.addEventListener('visibilitychange', update);
    // Time runs low with nothing happening at the table: it is looked at every second.
    const ticking = setInterval(update, 1000);
    update();
    return () => {
      clearInterval(ticking);
      unsubscribe();
      document.removeEventListener('visibilitychange', update);
      this.stop();
      void this.audio?.close();
      this.audio = null;
    };
  }

  /** Turns the chime on or off, and plays it once when turned on, to hear it. */
  setSound(on: boolean): void {
    this.sound = on;
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
    if (on) this.chime();
  }

  /** Turns notifications on or off; on asks the browser for permission first, if it has not been asked. */
  async setNotify(on: boolean): Promise<void> {
    if (on && this.permission === 'default') {
      this.asking = true;
      try {
        this.permission = await Notification.requestPermission();
      } finally {
        this.asking = false;
      }
    }
    this.notify = on && this.permission === 'granted';
    localStorage.setItem(NOTIFY_KEY, this.notify ? 'on' : 'off');
  }

  private update(): void {
    const due = this.tab.hidden && !this.autoplay() && this.session.snapshot.yourMove;
    if (due && !this.alerting) this.start();
    if (!due && this.alerting) this.stop();
    const own = this.session.ownDeadline();
    if (own === null || this.autoplay() || own.due === this.hurried) return;
    if (own.due - Date.now() > LOW_SECONDS * 1000) return;
    this.hurried = own.due;
    if (this.sound) this.chime();
    if (this.notify && this.tab.hidden) this.show('your time runs out');
  }

  private start(): void {
    this.alerting = true;
    this.savedIcon = this.iconLink()?.href ?? null;
    this.tab.mark({ turn: true });
    this.setIcon(ALERT_ICON);
    if (this.sound) this.chime();
    if (this.notify) this.show();
  }

  private stop(): void {
    this.alerting = false;
    this.notification?.close();
    this.notification = null;
    if (this.savedIcon === undefined) return;
    this.tab.mark({ turn: false });
    if (this.savedIcon === null) this.iconLink()?.remove();
    else this.setIcon(this.savedIcon);
    this.savedIcon = undefined;
  }

  private iconLink(): HTMLLinkElement | null {
    return document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  }

  private setIcon(href: string): void {
    let link = this.iconLink();
    if (link === null) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = href;
  }

  private show(what = 'the table waits on your move'): void {
    if (permissionNow() !== 'granted') return;
    try {
      this.notification = new Notification(TURN_TITLE, {
        body: `${this.game}: ${what}.`,
        tag: 'fairdeal-turn',
      });
    } catch {
      // Chrome on Android shows notifications only through a service worker.
      this.permission = 'unsupported';
      this.notify = false;
      return;
    }
    this.notification.onclick = () => {
      window.focus();
      this.notification?.close();
    };
  }

  /** Two soft rising notes, made in the page: no sound file to fetch. */
  private chime(): void {
    this.audio ??= new AudioContext();
    const audio = this.audio;
    // Allowed once the player has clicked in the page, which they have to sit at a table.
    void audio.resume();
    [660, 880].forEach((frequency, i) => {
      const at = audio.currentTime + i * 0.16;
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
      tone.connect(gain).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.32);
    });
  }
}
