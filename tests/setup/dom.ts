import { configure } from '@testing-library/dom';

// findBy… and waitFor give up after 1 s by default. A lazily loaded dialog or chart can take longer
// than that to import while two vitest workers share a busy 2-core machine (four DOM tests failed
// so at a load of 16–20); 10 s still fails a test whose element never comes, well inside testTimeout.
configure({ asyncUtilTimeout: 10_000 });
