import { useSyncExternalStore } from 'react';

export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The browser offers installation once, with beforeinstallprompt, possibly before any
 * component that shows an install button has mounted. The offer is kept here from the start
 * (main.tsx calls captureInstallPrompt before rendering), and every button reads it.
 */
let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

declare global {
  interface Window {
    /** An offer the browser made before the app ran (public/start-after-paint.js kept it). */
    moaInstallOffer?: BeforeInstallPromptEvent;
  }
}

export function captureInstallPrompt(): void {
  offer = window.moaInstallOffer ?? null;
  delete window.moaInstallOffer;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    emit();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallOffer(): BeforeInstallPromptEvent | null {
  return useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );
}

/** Shows the browser's install dialog; the offer is spent whatever the answer. */
export async function acceptInstallOffer(): Promise<void> {
  const current = offer;
  if (!current) return;
  await current.prompt();
  await current.userChoice;
  offer = null;
  emit();
}
