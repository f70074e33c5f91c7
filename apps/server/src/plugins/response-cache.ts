import fp from 'fastify-plugin';
import { isApiRoute } from './csrf';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this public GET until the next successful change anywhere in the API. */
    cache?: boolean;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
  interface FastifyRequest {
    cacheHit?: boolean;
  }
}

interface Entry {
  generation: number;
  expires: number;
  status: number;
  contentType: string;
  /** A page is kept as the parts between its nonce positions (plugins/web.ts). */
  body: string | Buffer | string[];
}

/**
 * A small in-process cache for public reads and rendered pages. Any successful non-GET /api
 * request bumps the generation, so an editor sees their change at once. Other instances behind a
 * load balancer do not see that bump: the TTL bounds how long they may serve the older copy.
 */
export class ResponseCache {
  private generation = 0;
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 500,
  ) {}

  get(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.generation !== this.generation || e.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  set(key: string, value: Omit<Entry, 'generation' | 'expires'>): void {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { ...value, generation: this.generation, expires: Date.now() + this.ttlMs });
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

export const responseCachePlugin = fp(async (app) => {
  const cache = new ResponseCache();
  app.decorate('responseCache', cache);

  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || !req.routeOptions.config.cache) return;
    const hit = cache.get(`api:${req.url}`);
    if (!hit) return;
    req.cacheHit = true;
    return reply.code(hit.status).type(hit.contentType).send(hit.body);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    // Invalidate before a change's answer leaves, so the client's next read already sees it.
    if (req.method !== 'GET' && req.method !== 'HEAD' && isApiRoute(req) && reply.statusCode < 400) {
      cache.invalidate();
      return payload;
    }
    if (req.method !== 'GET' || !req.routeOptions.config.cache || req.cacheHit || reply.statusCode !== 200) return payload;
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      cache.set(`api:${req.url}`, { status: 200, contentType: String(reply.getHeader('content-type') ?? 'application/json'), body: payload });
    }
    return payload;
  });
});
