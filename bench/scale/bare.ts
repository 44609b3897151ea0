/** The yardstick of the scale bench: a bare Fastify JSON route in a process of its own. */
import Fastify from 'fastify';

const bare = Fastify();
bare.get('/bare', async () => ({ hello: 'world' }));
await bare.listen({ port: Number(process.env.BENCH_BARE_PORT ?? 3822), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void bare.close().then(() => process.exit(0)));
