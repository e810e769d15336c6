// A public page served with its first paint in the HTML (src/lib/prerendered.ts) starts the app
// after the browser has painted it, so a phone shows the page before it fetches or runs any of
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
  requestAnimationFrame(() => setTimeout(start, 0));
  // A tab that is not painting (opened in the background) starts without waiting for a frame.
  setTimeout(start, 250);
}
