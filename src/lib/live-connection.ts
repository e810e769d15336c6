import { LIVE_CHANGE, LIVE_READY, LIVE_RESET, parseLiveEvent, type LiveEvent } from '../domain/live';
import { RequestError } from './request-error';

/** One server-sent event: its name, its id when it had one, its data lines joined. */
export interface SseFrame {
  event: string;
  id: string | null;
  data: string;
}

/**
 * A parser of the text/event-stream format fed in chunks as they arrive: frames end at a blank
 * line; comment lines (heartbeats) and unknown fields are skipped; CRLF and CR line ends count.
 */
export function createSseParser(onFrame: (frame: SseFrame) => void): (chunk: string) => void {
  let buffer = '';
  let frame: SseFrame = { event: 'message', id: null, data: '' };
  let dataLines: string[] = [];
  let endedWithCr = false;
  const dispatch = () => {
    if (dataLines.length || frame.id !== null) onFrame({ ...frame, data: dataLines.join('\n') });
    frame = { event: 'message', id: null, data: '' };
    dataLines = [];
  };
  return (chunk) => {
    // A CR that ended the last chunk and the LF that starts this one are one line end.
    buffer += endedWithCr && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
    endedWithCr = chunk.endsWith('\r');
    const lines = buffer.split(/\r\n|\r|\n/);
    // The last piece is a line still arriving.
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        dispatch();
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') frame.event = value;
      else if (field === 'data') dataLines.push(value);
      else if (field === 'id' && !value.includes('\0')) frame.id = value;
    }
  };
}

export interface LiveConnectionOptions {
  /** Opens the stream, sending the last event id when there is one (api.stream). */
  open: (lastEventId: string | null, signal: AbortSignal) => Promise<Response>;
  onChange: (event: LiveEvent) => void;
  /**
   * Changes may have been missed and cannot be replayed: refetch what they drive. With a time, the
   * stream had no mark but listens since before then (it answered `ready`): data asked for after
   * that time is current, only what was read before it may have missed a change. Without one
   * (the server's reset), anything may have.
   */
  onMissed: (listeningSince: number | null) => void;
  /** Where the last event id is kept between visits (localStorage). */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /**
   * Where to start when `storage` keeps no mark: a served page's (the stream's position before
   * its data was read), so a first visit replays what changed since instead of reading it all again.
   */
  initialMark?: string | null;
  /** Milliseconds before the next attempt after `failures` failures in a row. */
  retryDelay?: (failures: number) => number;
  /** A stream silent this long is taken as dead (the server writes every 20 s). */
  silenceMs?: number;
  /** The window whose `online` event it follows, and the document whose `visibilitychange`. */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  page?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> | null;
  now?: () => number;
}

export interface LiveConnection {
  stop: () => void;
}

const STORAGE_KEY = 'moa.live.last-event';
/** A mark older than this may point at pruned events (the server keeps a day): refetch instead. */
const MARK_MAX_AGE_MS = 12 * 60 * 60_000;

const defaultRetryDelay = (failures: number) => Math.min(1000 * 2 ** Math.max(0, failures - 1), 30_000);

/**
 * Keeps one stream of changes open: reconnects after a failure (sooner when the browser comes
 * back online or the page is shown again), sends the last event id so the server replays what
 * was missed meanwhile, and says when that cannot be known (first connection, a mark too old,
 * or the server's reset) so the caller refetches everything the changes drive.
 */
export function connectLive(options: LiveConnectionOptions): LiveConnection {
  const now = options.now ?? (() => Date.now());
  const retryDelay = options.retryDelay ?? defaultRetryDelay;
  const silenceMs = options.silenceMs ?? 45_000;
  const storage = options.storage ?? null;
  const target = options.target ?? null;
  const page = options.page ?? null;
  let stopped = false;
  let failures = 0;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let lastHeard = now();

  const readMark = (): string | null => {
    try {
      const saved = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as { id?: unknown; at?: unknown } | null;
      if (typeof saved?.id !== 'string' || typeof saved.at !== 'number') return null;
      return now() - saved.at <= MARK_MAX_AGE_MS ? saved.id : null;
    } catch {
      return null;
    }
  };
  let mark = readMark() ?? options.initialMark ?? null;
  const keepMark = (id: string) => {
    mark = id;
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify({ id, at: now() }));
    } catch {
      // A full or blocked storage only costs a refetch on the next visit.
    }
  };

  const heard = () => {
    lastHeard = now();
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => controller?.abort(), silenceMs);
  };

  const scheduleRetry = () => {
    if (stopped) return;
    failures += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), retryDelay(failures));
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    controller?.abort();
    const own = new AbortController();
    controller = own;
    const sentMark = mark;
    let opened = false;
    const parse = createSseParser((frame) => {
      if (frame.event === LIVE_READY) {
        failures = 0;
        // Without a mark nothing says what changed since the page read its data (what it reads
        // from now on, the stream will tell about).
        if (sentMark === null) options.onMissed(now());
      } else if (frame.event === LIVE_RESET) {
        options.onMissed(null);
      } else if (frame.event === LIVE_CHANGE) {
        const event = parseLiveEvent(frame.data);
        if (event) options.onChange(event);
      }
      if (frame.id !== null) keepMark(frame.id);
    });
    try {
      const response = await options.open(sentMark, own.signal);
      opened = true;
      heard();
      const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
      if (!reader) throw new Error('no body');
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard();
        parse(value);
      }
    } catch (error) {
      // Refused for good (no session, second factor not passed): the session's own change
      // starts a new connection, so trying again now would only be refused again.
      if (
        !opened &&
        error instanceof RequestError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429
      ) {
        clearTimeout(silenceTimer);
        if (controller === own) controller = null;
        return;
      }
    }
    clearTimeout(silenceTimer);
    if (controller !== own) return;
    controller = null;
    scheduleRetry();
  }

  // Back online or shown again, a connection waiting to retry (or one silent too long) tries now.
  const onOnline = () => {
    if (stopped) return;
    if (!controller) void connect();
  };
  const onVisible = () => {
    if (stopped || page?.visibilityState !== 'visible') return;
    if (!controller) void connect();
    else if (now() - lastHeard > silenceMs / 2) void connect();
  };
  target?.addEventListener('online', onOnline);
  page?.addEventListener('visibilitychange', onVisible);
  void connect();

  return {
    stop: () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(silenceTimer);
      controller?.abort();
      controller = null;
      target?.removeEventListener('online', onOnline);
      page?.removeEventListener('visibilitychange', onVisible);
    },
  };
}
