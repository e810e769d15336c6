import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  capTableSchema,
  operatorProjectListSchema,
  operatorProjectSchema,
  type OperatorProject,
  type ProjectInputDraft,
} from '../../src/domain/project-editing';
import { setProductSeller } from '../../server/modules/products/sellers';
import { insertHolding } from '../../server/modules/products/factory';
import { projectCommands } from '../../server/cli/project-commands';
import { changeUserRole } from '../../server/modules/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { createInvestor, createSaleProduct, type Investor } from '../helpers/orders';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const META = { ip: 'operator', userAgent: 'test operator' };
const DAY = 86_400_000;

describe.each(testEngines())('projects in the operator console on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-25T09:00:00.000Z'));
  let admin: Investor;
  let seller: Investor;
  let investor: Investor;
  let assignedId: number;
  let otherId: number;
  let categoryId: number;
  let seq = 0;

  async function staff(role: 'ADMIN' | 'SELLER'): Promise<Investor> {
    const person = await createInvestor(t.app, `staff${(seq += 1)}@example.com`, { approve: false });
    await changeUserRole(t.app.ctx, person.userId, role, META);
    return person;
  }
  const call = (who: Investor | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: who?.headers ?? {}, payload: payload as string | undefined });

  function draft(overrides: Partial<ProjectInputDraft> = {}): ProjectInputDraft {
    const now = clock.now().getTime();
    return {
      categoryId,
      name: 'Jeju Tangerine Orchard',
      description: 'A share of the harvest income of a tangerine orchard on Jeju.',
      image: '/icons/icon-512.png',
      logo: '/icons/icon-192.png',
      tokenName: 'JEJU',
      contractAddress: null,
      pricePerToken: 5000,
      totalQuantity: 2000,
      targetCap: 10_000_000,
      softCap: 2_000_000,
      userMinInvestment: 5000,
      userMaxInvestment: 1_000_000,
      startsAt: new Date(now - DAY).toISOString(),
      endsAt: new Date(now + 30 * DAY).toISOString(),
      isRegD: false,
      isRestricted: false,
      isFeatured: false,
      isGovernance: true,
      canWitch: false,
      regulation: 'Regulation CF',
      investmentRiskDisclaimer: 'Harvests vary; you may lose money.',
      documentDescription: null,
      about: {
        logo: null,
        legalName: 'Jeju Orchard Co.',
        employees: 12,
        founded: 2011,
        website: 'https://example.com',
        form: 'Corporation',
        locationImage: null,
        address: 'Jeju',
      },
      team: [{ name: 'Ko Eunji', role: 'Farmer', description: 'Runs the orchard.', image: null }],
      socialLinks: [{ platform: 'Instagram', url: 'https://example.com/orchard' }],
      dealTerms: [{ field: 'Yield', value: '6% a year', tooltip: null }],
      images: [{ url: '/icons/icon-512.png', altText: 'The orchard' }],
      gifts: [{ title: 'A box of tangerines', description: 'Shipped in winter.', isDigital: false, limitQuantity: 10 }],
      faqs: [{ title: 'When is the harvest?', description: 'In December.' }],
      risks: [{ title: 'Weather', description: 'A typhoon can ruin a harvest.' }],
      customSections: [{ title: 'The soil', content: 'Volcanic.' }],
      payMethods: [
        {
          name: 'Bank transfer',
          address: '123-456-789',
          alias: 'KB',
          payMethodType: 'ACCOUNT',
          bankName: 'KB Kookmin',
          accountHolder: 'Jeju Orchard Co.',
          network: null,
          asset: null,
        },
      ],
      communityBadges: [{ name: 'Orchard friend', limitQuantity: 5 }],
      ...overrides,
    };
  }

  /** An edit body from what the server answered: the same project, every row keeping its id. */
  function bodyOf(project: OperatorProject): ProjectInputDraft {
    const {
      id: _id,
      state: _state,
      saleStatus: _saleStatus,
      currency: _currency,
      remainingQuantity: _remaining,
      soldQuantity: _sold,
      createdAt: _createdAt,
      ...body
    } = project;
    return body;
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { RATE_LIMIT_MAX: '1000000', ORDER_EXPIRY_SWEEP_SECONDS: '0', APPROVAL_EXPIRY_SWEEP_SECONDS: '0' },
      undefined,
      { now: clock.now },
    );
    admin = await staff('ADMIN');
    seller = await staff('SELLER');
    investor = await createInvestor(t.app, 'investor@example.com');
    assignedId = (await createSaleProduct(t.app, { name: 'Assigned project' })).productId;
    otherId = (await createSaleProduct(t.app, { name: 'Someone else’s project' })).productId;
    await setProductSeller(
      t.app.ctx,
      { email: seller.email, productId: assignedId, assigned: true, operator: 'test' },
      META,
    );
    const category = await t.app.ctx.db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
    categoryId = Number(category.id);
  });
  afterAll(() => t.close());

  it('refuses the project routes to investors and a seller outside its projects, without ending the session', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/operator/projects'],
      ['GET', `/api/v1/operator/projects/${assignedId}`],
      ['POST', `/api/v1/operator/projects/${assignedId}/publish`],
      ['GET', `/api/v1/operator/projects/${assignedId}/cap-table`],
    ] as const) {
      const refused = await call(investor, method, url);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(errorCode(refused)).toBe('ROLE_REQUIRED');
    }
    expect(errorCode(await call(investor, 'GET', `/api/v1/operator/projects/${assignedId}/preview`))).toBe(
      'ROLE_REQUIRED',
    );
    const created = await call(investor, 'POST', '/api/v1/operator/projects', draft());
    expect(errorCode(created)).toBe('ROLE_REQUIRED');
    expect((await call(null, 'GET', '/api/v1/operator/projects')).statusCode).toBe(401);

    // The seller: its own project yes, another no; creating and publishing are an admin's.
    const list = operatorProjectListSchema.parse((await call(seller, 'GET', '/api/v1/operator/projects')).json());
    expect(list.projects.map((project) => project.id)).toEqual([assignedId]);
    expect((await call(seller, 'GET', `/api/v1/operator/projects/${assignedId}`)).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', `/api/v1/operator/projects/${otherId}`],
      ['GET', `/api/v1/operator/projects/${otherId}/cap-table`],
      ['POST', `/api/v1/operator/projects/${assignedId}/publish`],
      ['POST', `/api/v1/operator/projects/${assignedId}/hide`],
    ] as const) {
      const refused = await call(seller, method, url);
      expect(errorCode(refused), `${method} ${url}`).toBe('ROLE_REQUIRED');
    }
    const other = operatorProjectSchema.parse(
      (await call(admin, 'GET', `/api/v1/operator/projects/${otherId}`)).json(),
    );
    const edit = await call(seller, 'PUT', `/api/v1/operator/projects/${otherId}`, bodyOf(other));
    expect(errorCode(edit)).toBe('ROLE_REQUIRED');
    expect(errorCode(await call(seller, 'POST', '/api/v1/operator/projects', draft()))).toBe('ROLE_REQUIRED');
    // Still signed in.
    expect((await call(seller, 'GET', '/api/v1/users/me')).statusCode).toBe(200);
  });

  it('refuses invalid projects by the schema, naming the field', async () => {
    const cases: Array<[Partial<ProjectInputDraft>, string]> = [
      [{ name: 'x'.repeat(121) }, 'body.name'],
      [{ name: '  ' }, 'body.name'],
      [{ tokenName: 'jeju token' }, 'body.tokenName'],
      [{ pricePerToken: 0 }, 'body.pricePerToken'],
      [{ pricePerToken: 12.5 }, 'body.pricePerToken'],
      [{ image: 'javascript:alert(1)' }, 'body.image'],
      [{ endsAt: new Date(clock.now().getTime() - 2 * DAY).toISOString() }, 'body.endsAt'],
      [{ userMaxInvestment: 10 }, 'body.userMaxInvestment'],
      [{ softCap: 20_000_000 }, 'body.softCap'],
      [{ faqs: [{ title: '', description: 'x' }] }, 'body.faqs.0.title'],
    ];
    for (const [override, field] of cases) {
      const refused = await call(admin, 'POST', '/api/v1/operator/projects', draft(override));
      expect(refused.statusCode, JSON.stringify(override)).toBe(400);
      expect(errorCode(refused)).toBe('VALIDATION_FAILED');
      expect(refused.json().errors[0].message).toContain(field);
    }
    const unknown = await call(admin, 'POST', '/api/v1/operator/projects', { ...draft(), hideStatus: 'SHOW' });
    expect(errorCode(unknown)).toBe('VALIDATION_FAILED');
    const noCategory = await call(admin, 'POST', '/api/v1/operator/projects', draft({ categoryId: 99_999 }));
    expect(errorCode(noCategory)).toBe('VALIDATION_FAILED');
    const count = await t.app.ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(2);
  });

  it('creates a draft nobody else sees, edits it, publishes and hides it, each change audited', async () => {
    const created = await call(admin, 'POST', '/api/v1/operator/projects', draft());
    expect(created.statusCode, created.body).toBe(201);
    const project = operatorProjectSchema.parse(created.json());
    expect(project).toMatchObject({ state: 'DRAFT', name: 'Jeju Tangerine Orchard', remainingQuantity: 2000 });
    const id = project.id;

    const visibleToInvestors = async () => {
      const list = await call(investor, 'GET', '/api/v1/products?limit=100');
      const ids = (list.json().productPayloads as Array<{ id: number }>).map((card) => card.id);
      const anonymous = await call(null, 'GET', '/api/v1/products?limit=100');
      const anonymousIds = (anonymous.json().productPayloads as Array<{ id: number }>).map((card) => card.id);
      const detail = await call(investor, 'GET', `/api/v1/products/${id}`);
      const sitemap = await call(null, 'GET', '/sitemap.xml');
      return {
        list: ids.includes(id),
        anonymousList: anonymousIds.includes(id),
        detail: detail.statusCode,
        sitemap: sitemap.body.includes(`/projects/${id}<`),
      };
    };
    expect(await visibleToInvestors()).toEqual({ list: false, anonymousList: false, detail: 404, sitemap: false });
    // The admin previews the investor's page of the draft.
    const preview = await call(admin, 'GET', `/api/v1/operator/projects/${id}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ name: 'Jeju Tangerine Orchard', tokenName: 'JEJU' });

    // Edit: a row kept by id, one added, one removed.
    const body = bodyOf(project);
    body.name = 'Jeju Tangerine Orchard II';
    body.faqs = [...project.faqs, { title: 'Who picks?', description: 'Neighbours.' }];
    body.risks = [];
    body.payMethods = project.payMethods.map((method) => ({ ...method, alias: 'Kookmin' }));
    const edited = await call(admin, 'PUT', `/api/v1/operator/projects/${id}`, body);
    expect(edited.statusCode, edited.body).toBe(200);
    const after = operatorProjectSchema.parse(edited.json());
    expect(after.name).toBe('Jeju Tangerine Orchard II');
    expect(after.faqs.map((faq) => faq.title)).toEqual(['When is the harvest?', 'Who picks?']);
    expect(after.faqs[0]!.id).toBe(project.faqs[0]!.id);
    expect(after.risks).toEqual([]);
    expect(after.payMethods).toEqual([{ ...project.payMethods[0]!, alias: 'Kookmin' }]);
    expect(after.state).toBe('DRAFT');

    // A title over the limit on an edit is the schema's refusal too, and nothing changes.
    const long = await call(admin, 'PUT', `/api/v1/operator/projects/${id}`, { ...body, name: 'y'.repeat(121) });
    expect(errorCode(long)).toBe('VALIDATION_FAILED');
    // A row id of another project is refused.
    const foreign = await call(admin, 'PUT', `/api/v1/operator/projects/${id}`, {
      ...body,
      faqs: [{ id: 999_999, title: 'x', description: 'y' }],
    });
    expect(errorCode(foreign)).toBe('VALIDATION_FAILED');
    expect(operatorProjectSchema.parse((await call(admin, 'GET', `/api/v1/operator/projects/${id}`)).json()).name).toBe(
      'Jeju Tangerine Orchard II',
    );

    const published = await call(admin, 'POST', `/api/v1/operator/projects/${id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().state).toBe('PUBLISHED');
    // The sitemap lists no project pages at all (they sit behind sign-in), published or not.
    expect(await visibleToInvestors()).toEqual({ list: true, anonymousList: true, detail: 200, sitemap: false });

    const hidden = await call(admin, 'POST', `/api/v1/operator/projects/${id}/hide`);
    expect(hidden.json().state).toBe('DRAFT');
    expect(await visibleToInvestors()).toEqual({ list: false, anonymousList: false, detail: 404, sitemap: false });
    // Hiding again changes nothing and records nothing.
    await call(admin, 'POST', `/api/v1/operator/projects/${id}/hide`);
    // The command line publishes through the same action (recorded as the command line).
    expect(await projectCommands['project:list']!.run(t.app.ctx, [])).toContain(`${id}  DRAFT`);
    expect(await projectCommands['project:publish']!.run(t.app.ctx, [String(id)])).toContain('is published');
    expect((await visibleToInvestors()).list).toBe(true);
    await projectCommands['project:hide']!.run(t.app.ctx, [String(id)]);

    const events = await t.app.ctx.db
      .selectFrom('audit_events')
      .select(['type', 'actor', 'user_id', 'detail'])
      .where('type', 'like', 'PROJECT_%')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.type).sort()).toEqual(
      [
        'PROJECT_CREATED',
        'PROJECT_HIDDEN',
        'PROJECT_HIDDEN',
        'PROJECT_PUBLISHED',
        'PROJECT_PUBLISHED',
        'PROJECT_UPDATED',
      ].sort(),
    );
    const byConsole = events.filter((event) => event.user_id !== null);
    expect(byConsole).toHaveLength(4);
    for (const event of byConsole) {
      expect(event.actor).toBe('operator');
      expect(event.user_id).toBe(admin.userId);
      expect(JSON.parse(event.detail ?? '{}')).toMatchObject({
        operator: `operator:${admin.email}`,
        productId: String(id),
      });
    }
  });

  it('keeps rows that orders or claims point at, and never lowers the total below what is sold', async () => {
    const project = operatorProjectSchema.parse(
      (await call(admin, 'GET', `/api/v1/operator/projects/${assignedId}`)).json(),
    );
    await t.app.ctx.db.updateTable('products').set({ remaining_quantity: 900 }).where('id', '=', assignedId).execute();
    const tooFew = await call(seller, 'PUT', `/api/v1/operator/projects/${assignedId}`, {
      ...bodyOf(project),
      totalQuantity: 50,
    });
    expect(errorCode(tooFew)).toBe('CONFLICT');
    const more = await call(seller, 'PUT', `/api/v1/operator/projects/${assignedId}`, {
      ...bodyOf(project),
      totalQuantity: 1500,
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json()).toMatchObject({ totalQuantity: 1500, remainingQuantity: 1400, soldQuantity: 100 });
  });

  it('answers the cap table at any date from the ledger, as JSON and as CSV', async () => {
    const [a, b] = [
      await createInvestor(t.app, 'holder-a@example.com'),
      await createInvestor(t.app, 'holder-b@example.com'),
    ];
    const at = (day: string) => `${day}T12:00:00.000Z`;
    await insertHolding(t.app.ctx.db, {
      productId: otherId,
      userId: a.userId,
      quantity: 30,
      firstInvestedAt: at('2026-11-01'),
    });
    await insertHolding(t.app.ctx.db, {
      productId: otherId,
      userId: b.userId,
      quantity: 10,
      firstInvestedAt: at('2026-11-03'),
    });
    await insertHolding(t.app.ctx.db, {
      productId: otherId,
      userId: a.userId,
      quantity: 20,
      firstInvestedAt: at('2026-11-05'),
    });

    const table = async (day?: string) => {
      const response = await call(
        admin,
        'GET',
        `/api/v1/operator/projects/${otherId}/cap-table${day ? `?at=${day}` : ''}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return capTableSchema.parse(response.json());
    };
    expect((await table('2026-10-31')).holders).toEqual([]);
    const early = await table('2026-11-03');
    expect(early.holders.map((holder) => [holder.email, holder.balance, holder.shareBasisPoints])).toEqual([
      ['holder-a@example.com', 30, 7500],
      ['holder-b@example.com', 10, 2500],
    ]);
    expect(early.heldQuantity).toBe(40);
    const now = await table();
    expect(now.date).toBe('2026-11-25');
    expect(now.holders.map((holder) => holder.balance)).toEqual([50, 10]);

    // The sum of the balances is the sum of the ledger's entries up to that moment.
    const ledger = await t.app.ctx.db
      .selectFrom('holding_entries')
      .select((eb) => eb.fn.sum<number>('quantity').as('sum'))
      .where('product_id', '=', otherId)
      .where('created_at', '<=', early.asOf)
      .executeTakeFirst();
    expect(early.heldQuantity).toBe(Number(ledger?.sum));

    for (const url of [`/api/v1/operator/projects/${otherId}/cap-table?at=2026-11-03&format=csv`]) {
      const csv = await call(admin, 'GET', url);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toContain(`cap-table-${otherId}-2026-11-03.csv`);
      expect(csv.headers['cache-control']).toBe('private, no-store');
      expect(csv.body.split('\r\n')).toEqual([
        'holder id,email,balance (HRSN),share (%)',
        `${a.userId},holder-a@example.com,30,75.00`,
        `${b.userId},holder-b@example.com,10,25.00`,
        'total,,40,100.00',
        '',
      ]);
    }
    // The command line answers the same file through the same action.
    const printed = await projectCommands['project:cap-table']!.run(t.app.ctx, [String(otherId), '2026-11-03']);
    expect(printed).toBe(
      `holder id,email,balance (HRSN),share (%)\r\n${a.userId},holder-a@example.com,30,75.00\r\n${b.userId},holder-b@example.com,10,25.00\r\ntotal,,40,100.00`,
    );
    await expect(projectCommands['project:cap-table']!.run(t.app.ctx, [String(otherId), '3 Nov'])).rejects.toThrow(
      'YYYY-MM-DD',
    );
    const bad = await call(admin, 'GET', `/api/v1/operator/projects/${otherId}/cap-table?at=2026-13-40`);
    expect(errorCode(bad)).toBe('VALIDATION_FAILED');
    expect(errorCode(await call(admin, 'GET', '/api/v1/operator/projects/999999/cap-table'))).toBe('NOT_FOUND');
  });
});
