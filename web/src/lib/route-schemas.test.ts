import { describe, expect, it } from 'vitest';
import { ROUTE_INDEX } from '../../../shared/api/route-index';
import { groupRoutes, routeSchemas } from './route-schemas';

describe("a group's schemas, loaded with its first call", () => {
  it("finds every route of the light table in its group's chunk, with the same method and path", async () => {
    for (const [id, entry] of Object.entries(ROUTE_INDEX)) {
      const route = await routeSchemas(entry.group, id);
      expect({ id: route.id, method: route.method, path: route.path, group: route.group }).toEqual({ id, ...entry });
    }
  });

  it('loads a group once and keeps it', async () => {
    expect(groupRoutes('customers')).toBe(groupRoutes('customers'));
    await expect(routeSchemas('status', 'customers.get')).rejects.toThrow('No route customers.get in the status group');
  });
});
