import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor wait up to 5 s (testing-library's default is 1 s): an antd form validates
// asynchronously, and on a loaded 2-core CI machine that can take longer than a second. A test
// still fails when the text never appears; nothing here measures time.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
