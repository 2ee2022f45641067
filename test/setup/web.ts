import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor wait for what the page will show; on a busy machine rendering the whole app takes
// far longer than on an idle one. A generous limit only delays a test that fails anyway, and no test
// may depend on the machine's speed. (Tests that pass their own, shorter timeout keep it.)
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
});
window.scrollTo = () => undefined;
