import { z } from "zod";

// Runs in the browser before the app's own code. zod compiles fast object parsers with
// `new Function`, and even its probe for that is reported as a violation of the pages' CSP
// (no unsafe-eval); the interpreted parsers are plenty fast for forms.
z.config({ jitless: true });
