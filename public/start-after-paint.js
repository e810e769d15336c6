// A public page served with its first paint in the HTML (src/lib/prerendered.ts) starts the app
// once the browser reports it has painted it, so a phone shows the page before it fetches or runs any of
// the app's code. The server names the app's entry in data-app and the modules it imports in
// data-modules (server/modules/site/page-renderer.ts). They are all asked for at once, then run
// one by one with a pause between them, so no single long task keeps the page from answering a
// tap while the app starts.
//
// Until the app starts hydrating the page ('moa:hydrating'; from then on React itself holds back
// and replays what happens on parts it has not hydrated yet), what the visitor does is kept for
// it: taps on buttons and changed choices are replayed on the same elements once the app has
// taken the page over ('moa:app-ready'). The browser's install offer waits in
// window.moaInstallOffer.
const script = document.querySelector('script[data-app]');
const entry = script?.getAttribute('data-app');
const isOwn = (url) => typeof url === 'string' && url.startsWith('/assets/') && url.endsWith('.js');
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

const early = [];
const inPage = (element) => !!element && !!document.getElementById('root')?.contains(element);
const keepTap = (event) => {
  const control = event.target instanceof Element ? event.target.closest('button') : null;
  if (inPage(control)) early.push(() => control.click());
};
const keepChoice = (event) => {
  const control = event.target;
  if (control instanceof HTMLSelectElement && inPage(control)) {
    const { value } = control;
    early.push(() => {
      control.value = value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }
};
const keepInstallOffer = (event) => {
  event.preventDefault();
  window.moaInstallOffer = event;
};
document.addEventListener('click', keepTap, true);
document.addEventListener('change', keepChoice, true);
window.addEventListener('beforeinstallprompt', keepInstallOffer);
document.addEventListener(
  'moa:hydrating',
  () => {
    document.removeEventListener('click', keepTap, true);
    document.removeEventListener('change', keepChoice, true);
  },
  { once: true },
);
document.addEventListener(
  'moa:app-ready',
  () => {
    window.removeEventListener('beforeinstallprompt', keepInstallOffer);
    for (const replay of early.splice(0)) replay();
  },
  { once: true },
);

async function startApp(modules) {
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  try {
    for (const href of modules) {
      await import(href);
      await pause();
    }
  } finally {
    // The entry runs in any case: a module that failed above fails it the same way.
    await import(entry);
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
