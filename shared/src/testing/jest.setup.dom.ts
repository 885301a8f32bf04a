import { configure } from '@testing-library/react';

// findBy… and waitFor wait for what the test asserts; Testing Library's 1 s default is a
// timing assertion on a loaded 2-core machine. A broken test still fails, after 10 s.
configure({ asyncUtilTimeout: 10_000 });
