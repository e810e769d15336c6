import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { toasterMounted } from '../lib/toast';

/** sonner's toaster, in a chunk of its own (loaded by ToasterSlot). */
export default function LazyToaster() {
  useEffect(() => toasterMounted(toast), []);
  // Below the fixed header (h-16), so a toast never covers it or its menu; in the app's face
  // rather than the system one sonner sets.
  return (
    <Toaster position="top-center" offset={{ top: 76 }} mobileOffset={{ top: 76 }} style={{ fontFamily: 'inherit' }} />
  );
}
