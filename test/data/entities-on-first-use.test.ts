import { describe, expect, it, vi } from 'vitest';
import { appModules } from '../support/app-modules.js';

/**
 * Issue 18, cold starts: ElectroDB parses a model as its entity is constructed, so the data layer builds an entity
 * on its first use (table.ts onFirstUse) and a function pays only for the entities its call uses. Counted here by
 * ElectroDB's own Entity, wrapped to record each construction.
 */
const built = vi.hoisted(() => [] as string[]);
vi.mock('electrodb', async (importOriginal) => {
  const real = await importOriginal<typeof import('electrodb')>();
  type Model = { model: { entity: string } };
  const Real = real.Entity as unknown as new (model: Model, config?: unknown) => object;
  class Counted extends Real {
    constructor(model: Model, config?: unknown) {
      super(model, config);
      built.push(model.model.entity);
    }
  }
  return { ...real, Entity: Counted };
});

const HANDLERS = ['http', 'jobs'].flatMap((folder) => appModules(folder).map((f) => `${folder}/${f}`));

describe('entities built on first use', () => {
  it('loading every handler and the whole data layer builds no entity', async () => {
    for (const file of appModules('data')) await import(`../../functions/data/${file}`);
    for (const file of HANDLERS) await import(`../../functions/${file}`);
    expect(built).toEqual([]);
  });

  it('a call builds the entities it uses, each once', async () => {
    const { createSellerProfile, getSellerProfile } = await import('../../functions/data/sellers.js');
    const { customerEntity } = await import('../../functions/data/entities.js');
    const sellerId = crypto.randomUUID();
    await createSellerProfile({ sellerId, email: `${sellerId}@example.com`, name: 'First Use', plan: 'starter' });
    expect(await getSellerProfile(sellerId)).toMatchObject({ name: 'First Use' });
    expect(built).toEqual(['consultant']);
    expect(customerEntity()).toBe(customerEntity());
    expect(built).toEqual(['consultant', 'customer']);
  });

  it('every entity builds and all join one ElectroDB Service: one service name, one table', async () => {
    const { Service } = await import('electrodb');
    const { everyEntity } = await import('../../functions/data/every-entity.js');
    const { onTable } = await import('../../functions/data/table.js');
    const entities = everyEntity();
    expect(Object.keys(new Service(entities, onTable).entities).sort()).toEqual(Object.keys(entities).sort());
    expect(new Set(built).size).toBe(built.length);
  });
});
