// A page served with its first paint in the HTML (src/lib/prerendered.ts) starts the app
// once the browser reports it has painted it, so a phone shows the page before it fetches or runs any of
// the app's code. The server names the app's entry in data-app, and in data-modules the modules it
// imports and then those the painted route's code needs (server/modules/site/fill-shell.ts). They
// are asked for one after the other, then run one by one with a pause between them, so no single
// long task keeps the page from answering a tap while the app starts.
//
// Until the app has taken the page over ('moa:app-ready'), what the visitor does is kept for it:
// taps on buttons, boxes, choices and the app's own links, changed selections and typed text are
// carried out again on the same elements once it has (or on the ones the app put in their place),
// in the order they were done. What is done while those are still being carried out is kept
// behind them, so a tap never overtakes text typed before it. A form is not sent before then:
// the browser would send it as a plain request, with what was typed in its address, instead of
// the app sending it (the tap on its button is kept, and carried out by the app).
// The browser's install offer waits in window.moaInstallOffer.
const script = document.querySelector('script[data-app]');
const entry = script?.getAttribute('data-app');
const isOwn = (url) => typeof url === 'string' && url.startsWith('/assets/') && url.endsWith('.js');
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));
// How long after its entry has run the app may take to take the page over: its language's texts
// (one small fetch), its router's first match and the hydration, on a slow phone.
const APP_READY_LIMIT_MS = 10_000;
// A pause that lets the page answer a tap without waiting for the timer's clamp (4 ms after a few
// nested ones), where the browser offers one.
const yieldToPage = () => globalThis.scheduler?.yield?.() ?? pause();

const early = [];
const typed = new Map();
// Once the app starts hydrating, React listens too; what is kept from then on is kept from it as
// well, so that only the app's replay carries it out.
let isHydrating = false;
// While one kept action is carried out, the events it makes are the app's to handle.
let isReplaying = false;
const keep = (event) => {
  if (isHydrating) event.stopPropagation();
};
const inPage = (element) => !!element && !!document.getElementById('root')?.contains(element);
// A link into the app opened by a plain tap: the app opens it once it runs. Left to the browser,
// the page would start loading the next one while the app starts here, and the app setting up its
// history would stop that load: the tap would be lost.
const isAppLink = (element, event) =>
  element instanceof HTMLAnchorElement &&
  element.origin === location.origin &&
  (!element.target || element.target === '_self') &&
  !element.hasAttribute('download') &&
  event.button === 0 &&
  !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
const keepTap = (event) => {
  if (isReplaying) return;
  const control =
    event.target instanceof Element
      ? event.target.closest('button, input[type="radio"], input[type="checkbox"], a[href]')
      : null;
  if (!inPage(control)) return;
  if (control instanceof HTMLAnchorElement) {
    if (!isAppLink(control, event)) return;
    event.preventDefault();
  }
  keep(event);
  const place = placeOf(control);
  if (control instanceof HTMLInputElement) {
    // The tap has already marked the box or the choice: it is unmarked again before the app's
    // tap, so the app sees the change and keeps it (a checkbox goes back to what it was).
    const before = control.type === 'checkbox' ? !control.checked : false;
    early.push([
      control,
      (target) => {
        target.checked = before;
        target.click();
      },
      place,
    ]);
  } else {
    early.push([control, (target) => target.click(), place]);
  }
};
const keepChoice = (event) => {
  if (isReplaying) return;
  const control = event.target;
  if (control instanceof HTMLSelectElement && inPage(control)) {
    keep(event);
    const { value } = control;
    early.push([
      control,
      () => {
        control.value = value;
        control.dispatchEvent(new Event('change', { bubbles: true }));
      },
    ]);
  }
};
// What is typed into a field: the app sets its fields from its own state as it takes the page
// over, so the last text of each is typed again for it. React notes a field's text as it takes
// the field, so the text already there would not count as a change: the field is first given
// another text through the setter React watches, then the typed one through the field's own
// setter, which React does not see, so the input that follows is a change to it.
const keepTyping = (event) => {
  const field = event.target;
  const isText =
    field instanceof HTMLTextAreaElement ||
    (field instanceof HTMLInputElement && field.type !== 'radio' && field.type !== 'checkbox');
  if (isReplaying || !isText || !inPage(field)) return;
  keep(event);
  if (!typed.has(field)) early.push([field, () => typeAgain(field)]);
  typed.set(field, field.value);
};
const typeAgain = (field) => {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const text = typed.get(field);
  // Text typed into the field from now on is kept again, behind what is kept after this.
  typed.delete(field);
  field.value = text === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
};
const holdForm = (event) => {
  if (isReplaying || !inPage(event.target)) return;
  event.preventDefault();
  keep(event);
};
const keepInstallOffer = (event) => {
  event.preventDefault();
  window.moaInstallOffer = event;
};
document.addEventListener('click', keepTap, true);
document.addEventListener('change', keepChoice, true);
document.addEventListener('input', keepTyping, true);
document.addEventListener('submit', holdForm, true);
window.addEventListener('beforeinstallprompt', keepInstallOffer);
document.addEventListener('moa:hydrating', () => (isHydrating = true), { once: true });
// The page's parts hydrate after its shell, one task after another, some once their data or code
// is in: what was done on an element is carried out again once the app has taken that element (a
// field the app has not taken would not see a change carried out on it as one), or after 5 s,
// one after the other. React marks an element with its own part of the app (`__reactFiber$…`)
// while it renders, which it may spread over several tasks, and an event on the element reaches
// none of the app's handlers until that render is committed. So an element is taken once its
// part has been committed: it has been drawn again since (it has a second copy, `alternate`), or
// the tree it belongs to is the one the root now shows (`current`).
const isTaken = (element) => {
  const key = Object.keys(element).find((name) => name.startsWith('__reactFiber$'));
  const part = key && element[key];
  if (!part) return false;
  if (part.alternate) return true;
  let top = part;
  while (top.return) top = top.return;
  return top.stateNode?.current === top;
};
// Once nothing kept is left, the page is the app's alone.
const stopKeeping = () => {
  document.removeEventListener('click', keepTap, true);
  document.removeEventListener('change', keepChoice, true);
  document.removeEventListener('input', keepTyping, true);
  document.removeEventListener('submit', holdForm, true);
};
// A tapped control the app has replaced by the time its tap is carried out (a part drawn again
// as the app takes the page over, such as a tooltip's trigger) is found again where it was: the
// element at the same place under the page's root, of the same kind and with the same name. A
// link is found by its address instead, anywhere in the page: the app may have drawn its own page
// over the served one (in the language this device chose). The gone element would do nothing
// for a tap; a gone link would open as a plain one, loading the whole page again.
const nameOf = (element) => element.getAttribute('aria-label') ?? element.textContent;
const placeOf = (element) => {
  const path = [];
  for (let node = element; node.parentElement && node.id !== 'root'; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return { path, tag: element.tagName, name: nameOf(element) };
};
const inPlaceOf = (element, place) => {
  const root = document.getElementById('root');
  if (element instanceof HTMLAnchorElement) {
    return [...(root?.querySelectorAll('a[href]') ?? [])].find(
      (candidate) => candidate.getAttribute('href') === element.getAttribute('href'),
    );
  }
  let node = root;
  for (const index of place.path) node = node?.children[index];
  return node?.tagName === place.tag && nameOf(node) === place.name ? node : undefined;
};
const replay = (deadline) => {
  const next = early[0];
  if (!next) {
    stopKeeping();
    return;
  }
  const [element, carryOut, place] = next;
  if (element.isConnected && !isTaken(element) && performance.now() < deadline) {
    setTimeout(() => replay(deadline), 50);
    return;
  }
  early.shift();
  isReplaying = true;
  try {
    carryOut((place && !element.isConnected && inPlaceOf(element, place)) || element);
  } finally {
    isReplaying = false;
  }
  // Each in a task of its own, so the app has applied one (typed text) before the next (the tap
  // that sends it).
  setTimeout(() => replay(deadline), 0);
};
let isAppReady = false;
document.addEventListener(
  'moa:app-ready',
  () => {
    isAppReady = true;
    window.removeEventListener('beforeinstallprompt', keepInstallOffer);
    // In a task of its own: the event comes from inside React's commit.
    setTimeout(() => replay(performance.now() + 5000), 0);
  },
  { once: true },
);

async function startApp(modules) {
  // One link at a time: the browser starts each file's fetch as its link is added, and a page's
  // routes need a few dozen. The app's preload helper finds them here and adds none of its own.
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
    await yieldToPage();
  }
  try {
    for (const href of modules) {
      await import(href);
      await yieldToPage();
    }
  } finally {
    // The entry runs in any case: a module that failed above fails it the same way. When it
    // cannot run, what was kept is carried out at once: a kept link then opens as a plain one.
    // When it ran but the app has not taken the page over APP_READY_LIMIT_MS later (it stopped
    // on an error while starting), the same: the page's links work again as plain ones.
    await import(entry).then(
      () => setTimeout(() => isAppReady || replay(0), APP_READY_LIMIT_MS),
      () => replay(0),
    );
  }
}

if (isOwn(entry)) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void startApp((script.getAttribute('data-modules') ?? '').split(' ').filter(isOwn));
  };
  // After the browser says it has shown the page: a frame being drawn is not yet a frame on
  // screen, and code asked for before then competes with the first paint for the network and
  // the processor.
  if (document.visibilityState === 'hidden') {
    // A tab opened in the background paints nothing until it is shown.
    start();
  } else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
    // A tab sent to the background before it painted, or a paint never reported: the app
    // starts all the same.
    document.addEventListener('visibilitychange', start, { once: true });
    setTimeout(start, 3000);
  } else {
    requestAnimationFrame(() => setTimeout(start, 0));
    setTimeout(start, 250);
  }
}
