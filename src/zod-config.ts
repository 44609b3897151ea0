import { z } from 'zod';

// zod probes whether it may compile validators with `new Function`; under the portal's CSP
// (script-src 'self') the probe is a reported violation. The web app validates small forms, so
// the interpreted path costs nothing noticeable.
z.config({ jitless: true });
