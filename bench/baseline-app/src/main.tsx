// The bare baseline: React 19, TanStack Router and Query, and nothing else, showing the same
// nine project cards as /projects from the same API. bench/lighthouse.ts builds and measures
// it beside the app's public pages, so the app's figures read as a ratio to this page.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';

interface Card {
  id: number;
  name: string;
  description: string;
  image: string;
  category: { name: string };
}

function Cards() {
  const { data } = useQuery({
    queryKey: ['cards'],
    queryFn: async () => {
      const response = await fetch('/api/v1/products?limit=9&hideStatus=SHOW');
      const body = (await response.json()) as { productPayloads: Card[] };
      return body.productPayloads;
    },
  });
  return (
    <main style={{ maxWidth: 1120, margin: '0 auto', padding: '16px' }}>
      <h1 style={{ fontSize: 28 }}>Projects</h1>
      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' }}>
        {(data ?? []).map((card, index) => (
          <article key={card.id} style={{ border: '1px solid #ddd', borderRadius: 12, overflow: 'hidden' }}>
            <img
              src={card.image}
              alt=""
              width={600}
              height={400}
              loading={index < 3 ? 'eager' : 'lazy'}
              style={{ width: '100%', height: 'auto', aspectRatio: '3 / 2', objectFit: 'cover' }}
            />
            <div style={{ padding: 16 }}>
              <p style={{ fontSize: 12, textTransform: 'uppercase' }}>{card.category.name}</p>
              <h2 style={{ fontSize: 18 }}>{card.name}</h2>
              <p style={{ fontSize: 14 }}>{card.description}</p>
            </div>
          </article>
        ))}
      </div>
    </main>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: () => rootRoute, path: '/', component: Cards }),
]);
const router = createRouter({ routeTree, basepath: '/' });
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
