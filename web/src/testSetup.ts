import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default: a busy CI machine (two cores shared with the Go suites) can take
// longer to render a lazy page, so a test waiting on real rendering would fail for the machine's load, not for the
// code. Tests still fail when what they wait for never comes.
configure({ asyncUtilTimeout: 5000 });
