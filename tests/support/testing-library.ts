/**
 * The unit project's setup: Testing Library's find* queries and waitFor wait up to 5 s instead of 1 s.
 * A component's answer is there long before; the role queries themselves (jsdom computing the
 * accessibility tree) can take over a second on a loaded two-core CI machine, where 1 s failed a test
 * whose dialog had rendered.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
