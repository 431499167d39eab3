import * as z from 'zod';

/**
 * The one Zod of the schemas that browsers run (forms validate with them).
 * Our pages' CSP allows no eval; Zod 4 otherwise probes `new Function` to
 * compile fast parsers, which the browser reports as a CSP violation even
 * though Zod catches it (Lighthouse best-practices: "Issues were logged").
 * In the browser Zod runs without that; on the server it keeps its speed.
 */
z.config({ jitless: typeof window !== 'undefined' });

export { z };
