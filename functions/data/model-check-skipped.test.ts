import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleAsDeployed } from '../../infra/aws/bundling.js';
import { createWriteTransaction, Service } from 'electrodb';
import { everyEntity } from './every-entity.js';
import { customerEntity, orderEntity } from './entities.js';

/**
 * The data layer bundled as the functions are (infra/aws/bundling.ts), where ElectroDB's model check is the stand-in
 * of model-check-skipped.ts, against the same modules unbundled (the real jsonschema).
 */
type DataLayer = {
  Service: typeof Service;
  createWriteTransaction: typeof createWriteTransaction;
  everyEntity: typeof everyEntity;
  customerEntity: typeof customerEntity;
  orderEntity: typeof orderEntity;
};
const unbundled: DataLayer = { Service, createWriteTransaction, everyEntity, customerEntity, orderEntity };

const dir = mkdtempSync(path.join(tmpdir(), 'bundled-models-'));
let bundled: DataLayer;
let metafile: Metafile;

beforeAll(async () => {
  const probe = path.join(dir, 'probe.ts');
  const here = import.meta.dirname;
  writeFileSync(
    probe,
    `export { Service, createWriteTransaction } from ${JSON.stringify(createRequire(import.meta.url).resolve('electrodb'))};\nexport { everyEntity } from ${JSON.stringify(path.join(here, 'every-entity.ts'))};\nexport { customerEntity, orderEntity } from ${JSON.stringify(path.join(here, 'entities.ts'))};\n`,
  );
  const out = path.join(dir, 'probe.mjs');
  metafile = await bundleAsDeployed(probe, out);
  bundled = (await import(pathToFileURL(out).href)) as DataLayer;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the data layer as bundled for a function', () => {
  it('carries the stand-in, not jsonschema', () => {
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.some((i) => i.includes('node_modules/jsonschema/'))).toBe(false);
    expect(inputs.some((i) => i.endsWith('functions/data/model-check-skipped.ts'))).toBe(true);
  });

  it('joins the entities themselves to the service, as unbundled: an Entity is not taken for a model', () => {
    const joined = (layer: DataLayer) => new layer.Service(layer.everyEntity()).entities;
    expect(Object.keys(joined(bundled)).sort()).toEqual(Object.keys(joined(unbundled)).sort());
    expect(joined(bundled).customer).toBe(bundled.customerEntity());
    expect(joined(bundled).order).toBe(bundled.orderEntity());
  });

  it("stands in for all ElectroDB asks of jsonschema: a model's check, in one place (review the stand-in if this changes)", () => {
    const src = path.join(path.dirname(createRequire(import.meta.url).resolve('electrodb')), 'src');
    const uses = readdirSync(src)
      .filter((f) => f.endsWith('.js'))
      .flatMap((f) =>
        readFileSync(path.join(src, f), 'utf8')
          .split('\n')
          .filter((line) => /jsonschema|\bv\.validate\(/.test(line))
          .map((line) => `${f}: ${line.trim()}`),
      );
    expect(uses).toEqual([
      'validations.js: const Validator = require("jsonschema").Validator;',
      'validations.js: let betaErrors = v.validate(model, ModelBeta).errors;',
      'validations.js: let errors = v.validate(model, Modelv1).errors;',
    ]);
  });

  it('builds the same requests as the unbundled data layer', () => {
    const key = { sellerId: 'seller-1', customerId: 'customer-1' };
    expect(bundled.customerEntity().get(key).params()).toEqual(customerEntity().get(key).params());
    const query = (layer: DataLayer) => layer.orderEntity().query.byDate({ sellerId: 'seller-1' }).params();
    expect(query(bundled)).toEqual(query(unbundled));
    const transaction = (layer: DataLayer) =>
      layer
        .createWriteTransaction({ customer: layer.customerEntity(), order: layer.orderEntity() }, ({ customer, order }) => [customer.delete(key).commit(), order.delete({ sellerId: 'seller-1', orderId: 'order-1' }).commit()])
        .params();
    // As sent: the two copies' objects differ only by their classes' identity.
    const sent = (params: unknown) => JSON.parse(JSON.stringify(params));
    expect(sent(transaction(bundled))).toEqual(sent(transaction(unbundled)));
  });
});
