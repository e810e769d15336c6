import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

type Operation = {
  description?: string;
  security?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Every method and path the app answers under /api, read from Fastify's own route table. */
function registeredApiRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ├└─]*)(\/\S*) \(([^)]+)\)$/.exec(line.trimEnd());
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of match[3]!.split(', ')) {
      if (method !== 'HEAD') routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes.sort();
}

describe('the API reference', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  const documented = async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    return response.json() as Document;
  };

  it('documents every registered API route, and nothing else', async () => {
    const document = await documented();
    expect(document.openapi).toMatch(/^3\./);
    const listed = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const registered = registeredApiRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(registered.length).toBeGreaterThan(30);
    expect(listed).toEqual(registered);
  });

  it('carries the request and response schemas and who may call', async () => {
    const { paths } = await documented();
    const verify = paths['/api/v1/auth/email/verify']!.post!;
    expect(JSON.stringify(verify.requestBody)).toContain('challengeId');
    expect(JSON.stringify(verify.responses?.['200'])).toContain('accessToken');
    expect(verify.description).toContain('Public.');
    expect(verify.security).toBeUndefined();

    const rename = paths['/api/v1/users/me/names']!.put!;
    expect(rename.description).toContain('second factor passed');
    expect(rename.description).toContain('BANNED');
    expect(rename.security).toEqual([{ bearer: [] }]);
  });

  it('gives every operator route a summary and the role that may call it', async () => {
    const { paths } = await documented();
    const operator = Object.entries(paths).filter(([path]) => path.startsWith('/api/v1/operator/'));
    expect(operator.length).toBeGreaterThanOrEqual(10);
    for (const [path, operations] of operator) {
      for (const [method, operation] of Object.entries(operations) as Array<
        [string, Operation & { summary?: string }]
      >) {
        expect(operation.summary, `${method} ${path}`).toMatch(/\w/);
        expect(operation.description, `${method} ${path}`).toMatch(/\(role (ADMIN|SELLER)\), second factor passed/);
      }
    }
  });

  it("gives every operation a summary and a tag, a route's own summary first", async () => {
    const { paths } = await documented();
    const missing = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations as Record<string, { summary?: string; tags?: string[] }>)
        .filter(([, operation]) => !/\w/.test(operation.summary ?? '') || !operation.tags?.length)
        .map(([method]) => `${method} ${path}`),
    );
    expect(missing).toEqual([]);
    expect(paths['/api/v1/operator/approvals']!.get).toMatchObject({
      summary: 'Proposals of four-eyes actions, newest first',
      tags: ['operator'],
    });
    expect(paths['/api/v1/products/{id}']!.get).toMatchObject({ summary: 'Read products (one)', tags: ['products'] });
  });

  it('is readable at /api/docs', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<code>/api/v1/products/{id}</code>');
    expect(page.body).toContain('/api/docs/json');
  });
});
