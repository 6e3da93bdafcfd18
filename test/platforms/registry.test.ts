import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLATFORMS } from '../../shared/domain/platforms.js';

/**
 * connectorFor chooses by PLATFORM_CONNECTORS, which functions/config.ts reads once at load: each case loads the
 * module afresh under its own environment.
 */
async function loadRegistry(mode: 'demo' | 'live') {
  vi.stubEnv('PLATFORM_CONNECTORS', mode);
  vi.resetModules();
  return import('../../functions/adapters/platforms/index.js');
}

describe('connectorFor', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("gives every platform of spec section 7 the connector of its real API (its module's own)", async () => {
    const { connectorFor } = await loadRegistry('live');
    for (const platform of PLATFORMS) {
      // Each platform's module is functions/adapters/platforms/<platform>.ts; its connector is the one export
      // that is a PlatformConnector of that platform.
      const module: Record<string, unknown> = await import(`../../functions/adapters/platforms/${platform}.ts`);
      const own = Object.values(module).filter((v) => typeof v === 'object' && v !== null && (v as { platform?: unknown }).platform === platform);
      expect(own, platform).toHaveLength(1);
      expect(connectorFor(platform), platform).toBe(own[0]);
    }
  });

  it('gives the demo connector of each platform locally', async () => {
    const { connectorFor } = await loadRegistry('demo');
    expect(PLATFORMS.map((p) => connectorFor(p)?.platform)).toEqual([...PLATFORMS]);
  });
});
