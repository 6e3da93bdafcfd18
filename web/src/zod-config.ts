import * as z from 'zod';
import { installPlainErrors } from '../../shared/schemas/plain-errors';

// Zod compiles object parsers with `new Function` when it may; the CSP forbids eval, and even zod's probe for it
// is a reported violation. Interpreted parsing is fast enough for a page's forms and answers.
z.config({ jitless: true });

// The same plain messages as the server's (shared/schemas/plain-errors.ts).
installPlainErrors();
