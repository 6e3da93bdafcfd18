/**
 * What the deployed bundles load in place of `jsonschema` (infra/aws/bundling.ts aliases it here; nothing imports
 * this file). ElectroDB validates every entity's model with jsonschema as the entity is constructed, and the data
 * layer constructs all of them when a function loads: about 100 ms of each cold start (issue 18, docs/performance.md
 * "Function bundles"), for models that are constants of the code. The tests, the local cloud and the scripts run the
 * code unbundled, so every model is still checked by the real jsonschema whenever the suite runs; a model that
 * fails there never reaches a bundle.
 *
 * ElectroDB asks the validator one other thing (util.js getInstanceType): whether something handed to a Service is
 * a model (a plain object) or an Entity (an instance of its class). This answers that as the real check does for
 * everything the code hands it: a plain object passes, an instance of a class does not
 * (model-check-skipped.test.ts compares the bundled data layer with the unbundled one).
 */
export class Validator {
  // ElectroDB adds its formats (isFunction, ...) to the prototype's customFormats when it loads.
  declare customFormats: Record<string, unknown>;

  addSchema(): void {}

  validate(instance: unknown): { errors: { property: string; message: string; argument?: string }[] } {
    const plain = typeof instance === 'object' && instance !== null && Object.getPrototypeOf(instance) === Object.prototype;
    return { errors: plain ? [] : [{ property: 'instance', message: 'is an instance of a class, not a model' }] };
  }
}
Validator.prototype.customFormats = {};
