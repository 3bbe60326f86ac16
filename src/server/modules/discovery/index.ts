// The discovery API module (routes under /api): delivery location (maps), restaurants and menus,
// search and offers. Responses come from an in-memory catalogue kept fresh by change notifications.
import type { FastifyPluginAsync } from 'fastify';
import { warmGazetteer } from '../../providers/maps/index.ts';
import { registerDiscoveryRoutes } from './routes.ts';
import { discoveryShellHint } from './shell-hints.ts';
import { DiscoveryService } from './service.ts';

export const discoveryModule: FastifyPluginAsync = async (app) => {
  const service = new DiscoveryService(app.db);
  await service.catalogue.start();
  if (app.maps.name === 'gazetteer' && app.config.NODE_ENV !== 'test') {
    // Build the place index after start-up instead of on the first location search.
    app.addHook('onReady', async () => {
      setTimeout(() => warmGazetteer(), 50).unref();
    });
  }
  app.addHook('onClose', async () => service.catalogue.stop());
  registerDiscoveryRoutes(app, { service, maps: app.maps });
  app.shellHints.push(discoveryShellHint(service));
};
