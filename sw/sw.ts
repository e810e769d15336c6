/// <reference lib="WebWorker" />
import { blogImageFallback, installBlogCache } from './blog-cache';
import { installPrecache } from './precache';
import { installPush } from './push';
import { installRuntimeCaches } from './runtime-caches';
import { installUpdateHandshake } from './update';

declare const self: ServiceWorkerGlobalScope;

// One file per concern; this entry only wires them in order.
installUpdateHandshake(self);
installPrecache(self.__WB_MANIFEST);
installBlogCache();
installRuntimeCaches({ imageFallbacks: [blogImageFallback] });
installPush(self);
